/**
 * @module The editor's Vite entry (`admin.html`). It is built in a second pass after the
 * visitor's client build, into the same `dist/client`, so no module is shared and the
 * visitor's bundle stays exactly as it was (one entry, no extra chunk to load).
 */
import { resolve } from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { build, type Plugin } from "vite";

export function adminEntry(): Plugin {
  let root = "";
  let outDir = "";
  let skip = false;
  return {
    name: "admin-entry",
    apply: "build",
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
      skip = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (skip) return;
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
          rollupOptions: { input: { admin: resolve(root, "admin.html") } },
        },
      });
    },
  };
}
