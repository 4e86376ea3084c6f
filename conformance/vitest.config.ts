import { defineConfig } from "vitest/config";

// Each file starts real stores on loopback ports; the official SDK talks to them through a
// patched global fetch, so files run one at a time (the patch is process-wide).
export default defineConfig({
  test: {
    name: "conformance",
    include: ["**/*.test.ts"],
    setupFiles: ["../apps/store/src/main/test-kit/close-test-dbs.ts"],
    fileParallelism: false,
    testTimeout: 20_000,
  },
});
