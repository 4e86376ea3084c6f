import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "store",
    // Explicit, so runners that load this file from elsewhere (Stryker) find the same tests.
    root: fileURLToPath(new URL(".", import.meta.url)),
    include: ["src/**/*.test.ts"],
    setupFiles: ["src/main/test-kit/close-test-dbs.ts"],
  },
});
