/**
 * For a component test file whose tests each start the real store and sign in (argon2id, then a
 * few real requests per save: seconds on a busy machine): longer waits than the default second,
 * and the store each test started closed after it.
 */
import { configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { type StoreInProcess, startStoreInProcess } from "./store-in-process.ts";

/** Call at the top of the file; the function it answers starts this test's store. */
export function storePerTest(): typeof startStoreInProcess {
  vi.setConfig({ testTimeout: 30_000 });
  configure({ asyncUtilTimeout: 10_000 });
  let running: StoreInProcess | undefined;
  afterEach(async () => {
    await running?.close();
    running = undefined;
  });
  return async (...args) => {
    running = await startStoreInProcess(...args);
    return running;
  };
}
