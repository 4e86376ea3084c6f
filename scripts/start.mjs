// `npm start`: build the site when its sources are newer than the last build, then run the store.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const SITE = join(ROOT, "apps/site");
const STAMP = join(SITE, "dist/.build-stamp");
const BUILD_INPUTS = [
  join(SITE, "src"),
  join(SITE, "public"),
  join(SITE, "index.html"),
  join(SITE, "admin.html"),
  join(SITE, "vite.config.ts"),
  join(SITE, "package.json"),
  join(ROOT, "packages/content-client/src"),
];
const BUILD_OUTPUTS = [
  join(SITE, "dist/client/index.html"),
  join(SITE, "dist/server/entry-server.js"),
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function buildIsStale() {
  if (!BUILD_OUTPUTS.every((file) => existsSync(file)) || !existsSync(STAMP)) return true;
  const builtAt = statSync(STAMP).mtimeMs;
  return BUILD_INPUTS.some((input) => newestMtime(input) > builtAt);
}

if (process.env.SITE_DIR === undefined && buildIsStale()) {
  console.log("Building the site…");
  const result = spawnSync("npm", ["run", "build", "-w", "apps/site"], {
    cwd: ROOT,
    stdio: "inherit",
  });
  if (result.status !== 0) {
    console.error("The site build failed; see the output above.");
    process.exit(result.status ?? 1);
  }
  writeFileSync(STAMP, new Date().toISOString());
}

const { register } = await import("tsx/esm/api");
register();
await import(join(ROOT, "apps/store/src/index.ts"));
