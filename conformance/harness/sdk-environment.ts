import { afterAll, beforeAll } from "vitest";
import { forwardWixApis } from "./forward-fetch.ts";
import { type Clock, type RunningStore, START_MS, startStore } from "./store-server.ts";

/** What a conformance file works with; the fields are set in `beforeAll`. */
export interface SdkEnvironment {
  clock: Clock;
  store: RunningStore;
  forward: ReturnType<typeof forwardWixApis>;
}

/**
 * Registers hooks that start one store (then `prepare` it) and route the official SDK's traffic
 * to it for the file's tests; read the returned object's fields inside tests.
 */
export function useStoreForSdk(prepare: (store: RunningStore) => void = () => {}): SdkEnvironment {
  const env = { clock: { ms: START_MS } } as SdkEnvironment;
  beforeAll(async () => {
    env.store = await startStore(env.clock);
    prepare(env.store);
    env.forward = forwardWixApis(() => env.store.url);
  });
  afterAll(async () => {
    env.forward?.restore();
    await env.store?.close();
  });
  return env;
}
