import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

/**
 * The store's test files that replace a module (vi.mock): they need a module graph of their own.
 * Every other store file shares its worker's, so the store's modules load once per worker, not
 * once per file (the import was most of a small file's time).
 */
const STORE_MODULE_MOCKS = ["src/identity/routes/login-enumeration.test.ts"];

export default defineConfig({
  test: {
    // Two workers per core: most store files wait on sockets, child processes, timers and
    // PostgreSQL as much as they compute, so with one per core a core idles while its file waits
    // (on the project's 2-core machines the suite took 214 s with 2 workers, 189 s with 4).
    maxWorkers: 2 * availableParallelism(),
    projects: [
      "packages/*",
      "apps/site",
      {
        extends: "./apps/store/vitest.config.ts",
        test: { isolate: false, exclude: STORE_MODULE_MOCKS },
      },
      {
        // As apps/store/vitest.config.ts, for these files only, each in a module graph of its own.
        test: {
          name: "store-mocks",
          root: "apps/store",
          include: STORE_MODULE_MOCKS,
          env: { PASSWORD_HASH_COST: "test" },
          setupFiles: ["src/main/test-kit/close-test-dbs.ts"],
        },
      },
      "conformance",
      "bench",
      "scripts",
    ],
  },
});
