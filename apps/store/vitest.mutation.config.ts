import { defineConfig, mergeConfig } from "vitest/config";
import storeConfig from "./vitest.config.ts";

/**
 * The store's tests as Stryker runs them: on the shared two-core machine a test can take many
 * times its usual time while other runs go on, so the per-test limit is a minute, not 5 seconds.
 */
export default mergeConfig(
  storeConfig,
  defineConfig({ test: { testTimeout: 60_000, hookTimeout: 60_000 } }),
);
