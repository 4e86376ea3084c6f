import { afterAll, beforeAll } from "vitest";
import type { ContentClient } from "../../packages/content-client/src/index.ts";
import { createOurAdminClient, createSdkAdminClient } from "./clients.ts";
import { forwardWixApis } from "./forward-fetch.ts";
import { type Clock, type RunningStore, START_MS, startStore } from "./store-server.ts";

/** Two identical stores: the official SDK talks to `sdkStore`, our client to `ourStore`. */
export interface TwinEnvironment {
  clock: Clock;
  sdkStore: RunningStore;
  ourStore: RunningStore;
  forward: ReturnType<typeof forwardWixApis>;
}

/**
 * Registers hooks that start two stores on one clock, prepared the same way, and route the
 * official SDK to the first. Writes change state, so each client gets its own store and the
 * tests make every call on both in lockstep: as long as the clients behave alike, the stores
 * stay identical and every result (ids, dates, counts, metadata) can be compared exactly.
 */
export function useTwinStores(prepare: (store: RunningStore) => void = () => {}): TwinEnvironment {
  const env = { clock: { ms: START_MS } } as TwinEnvironment;
  beforeAll(async () => {
    env.sdkStore = await startStore(env.clock);
    env.ourStore = await startStore(env.clock);
    prepare(env.sdkStore);
    prepare(env.ourStore);
    env.forward = forwardWixApis(() => env.sdkStore.url);
  });
  afterAll(async () => {
    env.forward?.restore();
    await env.sdkStore?.close();
    await env.ourStore?.close();
  });
  return env;
}

/** Twin stores with the official SDK and our client, each holding the API key of its own store. */
export interface TwinAdminEnvironment extends TwinEnvironment {
  sdk: ReturnType<typeof createSdkAdminClient>;
  ours: ContentClient;
}

/** {@link useTwinStores}, plus an API-key client of each kind, created once the stores run. */
export function useTwinAdminClients(prepare?: (store: RunningStore) => void): TwinAdminEnvironment {
  const env = useTwinStores(prepare) as TwinAdminEnvironment;
  beforeAll(() => {
    env.sdk = createSdkAdminClient(env.sdkStore.apiKey);
    env.ours = createOurAdminClient(env.ourStore.url, env.ourStore.apiKey, env.forward.realFetch);
  });
  return env;
}
