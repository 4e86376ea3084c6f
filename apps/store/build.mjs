// `npm run build -w apps/store`: the store as plain JavaScript in dist/ (ESM, Node 20), so a
// production install runs it with node alone. Its packages are bundled too (Node then resolves
// and parses one file instead of hundreds: start time and memory), except the native addons.
import { rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const STORE = dirname(fileURLToPath(import.meta.url));
const OUT_DIR = join(STORE, "dist");

// Native addons load their binaries relative to their own package: they stay in node_modules.
const NATIVE_PACKAGES = ["better-sqlite3", "@node-rs/argon2", "sharp"];
// Loaded on the first SVG upload only, from node_modules, so the bundle stays small at start.
const LAZY_PACKAGES = ["jsdom", "dompurify"];
// PostgreSQL's worker thread (src/platform/db/postgres/pg-worker.mjs) loads these from node_modules and
// must meet the very same synckit the store's thread uses.
const WORKER_PACKAGES = ["synckit", "pg"];

// Modules that packages require when they load, for what this store does rarely or never: each
// is loaded on its first use instead (docs/benchmarks.md, idle memory). Fastify's node:https and
// node:http2 make servers this store never makes (it serves plain HTTP): TLS and HTTP/2 stay out
// of an idle store. @fastify/static's glob lists files only with `wildcard: false`, which the
// site's static files do not use. Each stand-in hands on what the package reads from the module:
// a property when it is read (fastify calls `https.createServer(…)`), or a function that loads
// the module when called (@fastify/static takes `{ glob }` as it loads).
const ON_FIRST_USE = [
  { module: /^node:(https|http2)$/, from: /[\\/]fastify[\\/]lib[\\/]server\.js$/ },
  { module: /^glob$/, from: /[\\/]@fastify[\\/]static[\\/]index\.js$/, functions: ["glob"] },
];
function standIn(name, functions) {
  const load = `let loaded; const load = () => (loaded ??= require(${JSON.stringify(name)}));`;
  if (functions === undefined) {
    return `${load} module.exports = new Proxy({}, { get: (_, key) => load()[key] });`;
  }
  const named = functions.map((fn) => `exports.${fn} = (...args) => load().${fn}(...args);`);
  return [load, ...named].join("\n");
}
const onFirstUse = {
  name: "modules-on-first-use",
  setup(build) {
    for (const { module, from, functions } of ON_FIRST_USE) {
      build.onResolve({ filter: module }, (args) =>
        from.test(args.importer)
          ? {
              path: args.path,
              namespace: "on-first-use",
              // The real module is found from the package that asked for it.
              pluginData: { functions, resolveDir: dirname(args.importer) },
            }
          : undefined,
      );
    }
    build.onLoad({ filter: /.*/, namespace: "on-first-use" }, (args) => ({
      contents: standIn(args.path, args.pluginData.functions),
      resolveDir: args.pluginData.resolveDir,
      loader: "js",
    }));
  },
};

rmSync(OUT_DIR, { recursive: true, force: true });
await build({
  absWorkingDir: STORE,
  entryPoints: ["src/main/index.ts", "src/main/cli.ts", "src/main/content-cli.ts"],
  outdir: OUT_DIR,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20.19",
  sourcemap: "linked",
  legalComments: "none",
  // No comments or indentation: V8 keeps a module's source for as long as the store runs, and a
  // single non-ASCII character in any comment (luxon's have some) made it keep index.js as two
  // bytes a character, 3.6 MB. Names stay, so stack traces still name the functions; their
  // positions map back through the linked source maps (docs/benchmarks.md, idle memory).
  minifyWhitespace: true,
  logLevel: "warning",
  plugins: [onFirstUse],
  external: [...NATIVE_PACKAGES, ...LAZY_PACKAGES, ...WORKER_PACKAGES],
  // Bundled CommonJS packages call require() for Node's own modules.
  banner: {
    js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
  },
});
writeFileSync(join(OUT_DIR, "package.json"), '{ "type": "module" }\n');
writeFileSync(join(OUT_DIR, ".build-stamp"), new Date().toISOString());
