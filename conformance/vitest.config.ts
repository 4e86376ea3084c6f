import { defineConfig } from "vitest/config";

// Each file starts real stores on loopback ports; the official SDK talks to them through a
// patched global fetch, so files run one at a time (the patch is process-wide).
export default defineConfig({
  test: {
    name: "conformance",
    include: ["**/*.test.ts"],
    // argon2 at its least cost: thousands of hashes per run (identity/password.ts; honoured under
    // NODE_ENV=test only; identity/password.test.ts keeps and checks the production cost).
    env: { PASSWORD_HASH_COST: "test" },
    setupFiles: ["../apps/store/src/main/test-kit/close-test-dbs.ts"],
    fileParallelism: false,
    testTimeout: 20_000,
  },
});
