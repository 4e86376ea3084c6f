import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "store",
    include: ["src/**/*.test.ts"],
    setupFiles: ["src/test-helpers/close-test-dbs.ts"],
  },
});
