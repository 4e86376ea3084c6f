// Builds the site and the store when their sources changed since the last build, if the build
// tools are installed; a production install (`npm ci --omit=dev`) has none and runs what
// `npm run build` left. Progress goes to stderr, so piped command output stays clean.
import { existsSync, readdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const SITE = join(ROOT, "apps/site");
const STORE = join(ROOT, "apps/store");
const PACKAGES = join(ROOT, "packages");

/** The built store's folder: index.js (the server), cli.js, content-cli.js. */
export const STORE_DIST = join(STORE, "dist");

const TARGETS = {
  site: {
    label: "the site",
    workspace: "apps/site",
    tool: { from: SITE, name: "vite" },
    inputs: () => [
      join(SITE, "src"),
      join(SITE, "public"),
      join(SITE, "index.html"),
      join(SITE, "admin.html"),
      join(SITE, "vite.config.ts"),
      join(SITE, "package.json"),
      join(PACKAGES, "content-client/src"),
    ],
    outputs: [join(SITE, "dist/client/index.html"), join(SITE, "dist/server/entry-server.js")],
  },
  store: {
    label: "the store",
    workspace: "apps/store",
    tool: { from: STORE, name: "esbuild" },
    inputs: () => [
      join(STORE, "src"),
      join(STORE, "build.mjs"),
      join(STORE, "package.json"),
      ...workspacePackageSources(),
    ],
    outputs: [
      join(STORE_DIST, "index.js"),
      join(STORE_DIST, "cli.js"),
      join(STORE_DIST, ".build-stamp"),
    ],
  },
};

function workspacePackageSources() {
  if (!existsSync(PACKAGES)) return [];
  return readdirSync(PACKAGES).map((name) => join(PACKAGES, name, "src"));
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function hasTool({ from, name }) {
  try {
    createRequire(join(from, "package.json")).resolve(`${name}/package.json`);
    return true;
  } catch {
    return false;
  }
}

function isStale(target) {
  if (!target.outputs.every((file) => existsSync(file))) return true;
  const builtAt = Math.min(...target.outputs.map((file) => statSync(file).mtimeMs));
  return target.inputs().some((input) => newestMtime(input) > builtAt);
}

function ensure(name) {
  const target = TARGETS[name];
  const built = target.outputs.every((file) => existsSync(file));
  if (!hasTool(target.tool)) {
    if (built) return;
    throw new Error(
      `${target.label} is not built and ${target.tool.name} (a dev dependency) is not installed: run \`npm run build\` before \`npm ci --omit=dev\`, or \`npm install\``,
    );
  }
  if (!isStale(target)) return;
  console.error(`Building ${target.label}…`);
  // Required here, not at the top: `npm start` runs the store in this process, which then
  // never loads child processes' modules unless it builds (docs/benchmarks.md, idle memory).
  const { spawnSync } = createRequire(import.meta.url)("node:child_process");
  const result = spawnSync("npm", ["run", "build", "-w", target.workspace], {
    cwd: ROOT,
    stdio: ["ignore", process.stderr, "inherit"],
  });
  if (result.status !== 0) throw new Error(`the build of ${target.label} failed; see above`);
}

/**
 * Builds what is stale (the site only when it is served from this tree).
 * @throws Error with a one-line message when a build fails or a needed build is missing.
 */
export function ensureBuilt({ site }) {
  if (site) ensure("site");
  ensure("store");
}
