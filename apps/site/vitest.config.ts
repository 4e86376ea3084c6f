import { pathToFileURL } from "node:url";
import react from "@vitejs/plugin-react";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";

/**
 * The editor's tests run the real store in-process. Vitest rewrites `new URL(…, import.meta.url)`
 * for browser code (jsdom) to the page's location; the store's code and the test helpers that
 * start it need their file URLs.
 */
const SERVER_CODE = /\/apps\/store\/src\/|\/test-helpers\//;

function storeFileUrls(): Plugin {
  return {
    name: "store-file-urls",
    enforce: "pre",
    transform(code, id) {
      if (!SERVER_CODE.test(id) || !code.includes("import.meta.url")) return;
      return code.replaceAll("import.meta.url", JSON.stringify(pathToFileURL(id).href));
    },
  };
}

export default defineConfig({
  plugins: [react(), storeFileUrls()],
  test: {
    name: "site",
    environment: "jsdom",
    // Each file still gets a document of its own; the modules (React, the store run in-process)
    // load once per worker instead of once per file, which was most of a file's time.
    isolate: false,
    include: ["src/**/*.test.{ts,tsx}"],
    // argon2 at its least cost: thousands of hashes per run (identity/password.ts; honoured under
    // NODE_ENV=test only; identity/password.test.ts keeps and checks the production cost).
    env: { PASSWORD_HASH_COST: "test" },
    setupFiles: ["./src/test-setup.ts"],
    // The store's stand-in built site (test-kit/stand-in-site.ts) is written to a temporary
    // folder outside the project: Node loads its server entry, as the store does.
    server: { deps: { external: [/\/stand-in-site-[^/]+\//] } },
  },
});
