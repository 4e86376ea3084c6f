import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "store",
    // Explicit, so runners that load this file from elsewhere (Stryker) find the same tests.
    root: fileURLToPath(new URL(".", import.meta.url)),
    include: ["src/**/*.test.ts"],
    // argon2 at its least cost: thousands of hashes per run (identity/password.ts; honoured under
    // NODE_ENV=test only; identity/password.test.ts keeps and checks the production cost).
    env: { PASSWORD_HASH_COST: "test" },
    setupFiles: ["src/main/test-kit/close-test-dbs.ts"],
  },
});
