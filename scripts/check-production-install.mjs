// `npm run test:production`: proves a production install starts. Copies the built tree (after
// `npm run build`) to a temporary folder, removes the dev dependencies from the copy's node_modules, starts it
// as `npm start` does, and checks the page, the editor, a token and an `npm run store` command.
// Prints the start figures: ms from process start to the first answer of `GET /` (wall clock
// and the CPU the process spent), and the resident memory once idle. Then it signs in to the
// editor and uploads a PNG and an SVG: sharp and the SVG sanitizer are runtime dependencies.
//
// `npm prune --omit=dev` stands in for `npm ci --omit=dev`: the same package tree, without the
// network, and with the native addons already compiled (node_modules are hard links, so cheap).
import { spawn, spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
} from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { ROOT } from "./lib/ensure-built.mjs";

const SKIPPED = new Set([
  "node_modules",
  ".git",
  ".tmp",
  "data",
  "test-results",
  "playwright-report",
]);
const DEV_TOOLS = ["vite", "tsx", "esbuild", "typescript", "vitest"];
const IDLE_MS = 3000;
const PASSWORD = "a production password, long enough";
/** An 8x8 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWPgj4/BihiGlgQAqKUygR3HTeEAAAAASUVORK5CYII=",
  "base64",
);
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" onload="alert(1)"><script>alert(2)</script><rect width="40" height="20"/></svg>';
const CLOCK_TICKS_PER_SECOND = 100;

function fail(message) {
  console.error(`production install: ${message}`);
  process.exitCode = 1;
}

function run(command, args, options) {
  const result = spawnSync(command, args, { encoding: "utf8", ...options });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} failed (${result.status}): ${result.stderr}`);
  }
  return result.stdout;
}

function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function copyTree(target) {
  for (const entry of readdirSync(ROOT)) {
    if (SKIPPED.has(entry)) continue;
    cpSync(join(ROOT, entry), join(target, entry), {
      recursive: true,
      preserveTimestamps: true,
      filter: (source) =>
        !relative(ROOT, source)
          .split(sep)
          .some((part) => SKIPPED.has(part)),
    });
  }
  for (const modules of ["node_modules", "apps/site/node_modules", "apps/store/node_modules"]) {
    if (existsSync(join(ROOT, modules))) {
      // Hard links where /tmp shares the file system, a full copy where it does not.
      const linked = spawnSync("cp", ["-al", join(ROOT, modules), join(target, modules)]);
      if (linked.status !== 0) run("cp", ["-a", join(ROOT, modules), join(target, modules)]);
    }
  }
}

/**
 * Installed packages that are links out of this tree (a git worktree sharing another tree's
 * install): the copy keeps the links, and `npm prune` in it would prune the install they point at.
 */
function linkedOutOfTree() {
  return ["node_modules", "apps/site/node_modules", "apps/store/node_modules"].flatMap((dir) => {
    const modules = join(ROOT, dir);
    if (!existsSync(modules)) return [];
    return readdirSync(modules)
      .map((name) => join(modules, name))
      .filter((path) => lstatSync(path).isSymbolicLink())
      .filter((path) => relative(ROOT, realpathSync(path)).startsWith(".."))
      .map((path) => relative(ROOT, path));
  });
}

function resolvable(dir, name) {
  try {
    createRequire(join(dir, "package.json")).resolve(`${name}/package.json`);
    return true;
  } catch {
    return false;
  }
}

/** CPU seconds (user + system) a process has used, from /proc. */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

function rssMb(pid) {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
  return Math.round(kb / 102.4) / 10;
}

async function firstAnswer(url, child) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the store exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return response;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Signs in to the editor and uploads a PNG and an SVG; each file must be served. */
async function uploadPictures(base) {
  const signIn = await fetch(`${base}/admin/api/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ password: PASSWORD }),
  });
  if (signIn.status !== 200) throw new Error(`editor sign-in answered ${signIn.status}`);
  const cookie = signIn.headers.get("set-cookie")?.split(";")[0] ?? "";
  const { csrfToken } = await signIn.json();
  for (const [type, body, slot] of [
    ["image/png", PNG, "portrait"],
    ["image/svg+xml", SVG, "logo"],
  ]) {
    const response = await fetch(`${base}/admin/api/pictures?slot=${slot}&alt=Sample`, {
      method: "POST",
      headers: { "content-type": type, cookie, "x-csrf-token": csrfToken },
      body,
    });
    if (response.status !== 200) {
      throw new Error(`uploading a ${type} answered ${response.status}: ${await response.text()}`);
    }
    const { item } = await response.json();
    const file = await fetch(`${base}${item.src}`);
    const served = await file.text();
    if (file.status !== 200 || served.includes("script") || served.includes("onload")) {
      throw new Error(`${item.src} answered ${file.status} or was served unclean`);
    }
  }
}

async function main() {
  for (const built of ["apps/site/dist/client/index.html", "apps/store/dist/index.js"]) {
    if (!existsSync(join(ROOT, built))) throw new Error(`${built} is missing: run npm run build`);
  }
  const linked = linkedOutOfTree();
  if (linked.length > 0) {
    throw new Error(
      `${linked.length} installed packages link out of this tree (${linked.slice(0, 3).join(", ")}, …): pruning the copy would prune the install they point at; run this where the packages are installed`,
    );
  }
  // Outside the tree: Node would find the dev tools in a parent folder's node_modules.
  const copy = mkdtempSync(join(tmpdir(), "production-install-"));
  const dataDir = join(copy, "data");
  let child;
  try {
    copyTree(copy);
    run("npm", ["prune", "--omit=dev", "--offline", "--no-audit", "--no-fund"], { cwd: copy });
    const leftovers = DEV_TOOLS.filter((name) => resolvable(copy, name));
    if (leftovers.length > 0) throw new Error(`dev tools still installed: ${leftovers.join(", ")}`);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const started = performance.now();
    child = spawn(process.execPath, ["scripts/start.mjs"], {
      cwd: copy,
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const page = await firstAnswer(`${base}/`, child).catch((error) => {
      throw new Error(`${error.message}\n${stderr}`);
    });
    const firstAnswerMs = Math.round(performance.now() - started);
    const firstAnswerCpuMs = cpuMs(child.pid);
    const html = await page.text();
    if (!html.includes('id="page-content"')) throw new Error("GET / did not serve the page");
    const editor = await fetch(`${base}/admin`);
    if (editor.status !== 200) throw new Error(`GET /admin answered ${editor.status}`);
    const token = await fetch(`${base}/oauth2/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ clientId: "local", grantType: "anonymous" }),
    });
    if (token.status !== 200) throw new Error(`POST /oauth2/token answered ${token.status}`);
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const idleRssMb = rssMb(child.pid);
    run("npm", ["run", "--silent", "store", "--", "owner", "set-password"], {
      cwd: copy,
      input: `${PASSWORD}\n`,
      env: { ...process.env, DATA_DIR: dataDir },
    });
    await uploadPictures(base);
    console.log(
      `production install: starts and serves the page, the editor, tokens and picture uploads (PNG, SVG) without dev dependencies; ` +
        `first answer ${firstAnswerMs} ms (${firstAnswerCpuMs} ms CPU), idle RSS ${idleRssMb} MB`,
    );
  } finally {
    child?.kill("SIGTERM");
    if (child && child.exitCode === null) await new Promise((resolve) => child.on("exit", resolve));
    rmSync(copy, { recursive: true, force: true });
  }
}

await main().catch((error) => fail(error.message));
