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

// Fastify requires node:https and node:http2 when it loads, for servers
// this store never makes (it serves plain HTTP): each of them is loaded on its first use
// instead, which keeps TLS and HTTP/2 out of an idle store (docs/benchmarks.md, idle memory).
const FASTIFY_SERVER = /[\\/]fastify[\\/]lib[\\/]server\.js$/;
const onFirstUse = {
  name: "node-modules-on-first-use",
  setup(build) {
    build.onResolve({ filter: /^node:(https|http2)$/ }, (args) =>
      FASTIFY_SERVER.test(args.importer)
        ? { path: args.path, namespace: "on-first-use" }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "on-first-use" }, (args) => ({
      contents: `let loaded; module.exports = new Proxy({}, { get: (_, key) => (loaded ??= require(${JSON.stringify(args.path)}))[key] });`,
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
