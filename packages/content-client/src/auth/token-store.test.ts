import { describe, expect, it } from "vitest";
import { createBlockedStorage, createFakeStorage } from "../test-helpers/fake-storage.ts";
import {
  DEFAULT_TOKEN_STORAGE_KEY,
  localStorageTokenStore,
  memoryTokenStore,
  type TokenStore,
  type Tokens,
} from "./token-store.ts";

const tokens: Tokens = {
  accessToken: { value: "a", expiresAt: 1_700_014_400 },
  refreshToken: { value: "r", role: "visitor" },
};

describe.each<[string, () => TokenStore]>([
  ["memoryTokenStore", () => memoryTokenStore()],
  ["localStorageTokenStore", () => localStorageTokenStore("k", createFakeStorage().storage)],
])("%s", (_name, create) => {
  it("starts empty", () => {
    expect(create().get()).toBeNull();
  });

  it("returns what was saved and nothing after clear", () => {
    const store = create();

    store.save(tokens);
    expect(store.get()).toEqual(tokens);
    store.clear();
    expect(store.get()).toBeNull();
  });

  it("tells listeners about saves and clears until they unsubscribe", () => {
    const store = create();
    const seen: (Tokens | null)[] = [];
    const unsubscribe = store.onChange((next) => seen.push(next));

    store.save(tokens);
    store.clear();
    unsubscribe();
    store.save(tokens);

    expect(seen).toEqual([tokens, null]);
  });
});

describe("localStorageTokenStore", () => {
  it("writes the tokens as JSON under the default key", () => {
    const { storage, entries } = createFakeStorage();

    localStorageTokenStore(undefined, storage).save(tokens);

    expect(JSON.parse(entries.get(DEFAULT_TOKEN_STORAGE_KEY) ?? "null")).toEqual(tokens);
  });

  it("reads tokens written by an earlier store on the same storage", () => {
    const { storage } = createFakeStorage();
    localStorageTokenStore("k", storage).save(tokens);

    expect(localStorageTokenStore("k", storage).get()).toEqual(tokens);
  });

  it("sees a logout made through another store on the same storage (another tab)", () => {
    const { storage } = createFakeStorage();
    const thisTab = localStorageTokenStore("k", storage);
    thisTab.save(tokens);

    localStorageTokenStore("k", storage).clear();

    expect(thisTab.get()).toBeNull();
  });

  it.each([
    ["invalid JSON", "{not json"],
    ["a wrong shape", JSON.stringify({ accessToken: "a" })],
    ["an unknown role", JSON.stringify({ ...tokens, refreshToken: { value: "r", role: "admin" } })],
  ])("reads %s as no tokens", (_case, raw) => {
    const { storage } = createFakeStorage({ k: raw });

    expect(localStorageTokenStore("k", storage).get()).toBeNull();
  });

  it("keeps tokens in memory when the storage throws", () => {
    const store = localStorageTokenStore("k", createBlockedStorage());

    store.save(tokens);

    expect(store.get()).toEqual(tokens);
    store.clear();
    expect(store.get()).toBeNull();
  });

  it("keeps tokens in memory when the storage is full", () => {
    const { storage } = createFakeStorage();
    const store = localStorageTokenStore("k", {
      ...storage,
      setItem: () => {
        throw new DOMException("full", "QuotaExceededError");
      },
    });

    store.save(tokens);

    expect(store.get()).toEqual(tokens);
  });

  it("works as a memory store where there is no localStorage (Node)", () => {
    const store = localStorageTokenStore();

    store.save(tokens);

    expect(store.get()).toEqual(tokens);
  });
});
