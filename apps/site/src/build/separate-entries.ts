/**
 * @module The pages besides the visitor's (the editor, `admin.html`). Each group is built in its
 * own pass after the visitor's client build, into the same `dist/client`, so no module is shared
 * with the visitor page and its bundle stays exactly as it was (one entry, no extra chunk to
 * load). The groups share nothing with each other either.
 */
import { resolve } from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { build, type Plugin } from "vite";

/** Entry name to HTML file (relative to the site's root), per group. */
export type EntryGroups = readonly Record<string, string>[];

export function separateEntries(groups: EntryGroups): Plugin {
  let root = "";
  let outDir = "";
  let skip = false;
  return {
    name: "separate-entries",
    apply: "build",
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
      skip = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (skip) return;
      for (const entries of groups) {
        const input = Object.fromEntries(
          Object.entries(entries).map(([name, file]) => [name, resolve(root, file)]),
        );
        await build({
          configFile: false,
          root,
          logLevel: "warn",
          plugins: [react(), tailwindcss()],
          build: {
            outDir,
            emptyOutDir: false,
            copyPublicDir: false,
            assetsInlineLimit: 0,
            rollupOptions: { input },
          },
        });
      }
    },
  };
}
