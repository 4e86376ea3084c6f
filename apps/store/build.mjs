// `npm run build -w apps/store`: the store as plain JavaScript in dist/ (ESM, Node 20), so a
// production install runs it with node alone. Our own sources and workspace packages are
// bundled; every other package stays an import of node_modules (the native ones must).
import { rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const STORE = dirname(fileURLToPath(import.meta.url));
const OUT_DIR = join(STORE, "dist");

/** Bare imports other than `@consultant/*` are left for Node to resolve. */
const externalPackages = {
  name: "external-packages",
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@consultant/") ? undefined : { path: args.path, external: true },
    );
  },
};

rmSync(OUT_DIR, { recursive: true, force: true });
await build({
  absWorkingDir: STORE,
  entryPoints: ["src/index.ts", "src/cli.ts", "src/content-cli.ts"],
  outdir: OUT_DIR,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20.19",
  sourcemap: "linked",
  legalComments: "none",
  logLevel: "warning",
  plugins: [externalPackages],
});
writeFileSync(join(OUT_DIR, "package.json"), '{ "type": "module" }\n');
writeFileSync(join(OUT_DIR, ".build-stamp"), new Date().toISOString());
