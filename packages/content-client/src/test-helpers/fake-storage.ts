import type { TokenStorage } from "../auth/token-store.ts";

/** A Map-backed stand-in for `localStorage` that outlives the stores created on it, like a page reload. */
export function createFakeStorage(initial: Record<string, string> = {}) {
  const entries = new Map(Object.entries(initial));
  const storage: TokenStorage = {
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => {
      entries.set(key, value);
    },
    removeItem: (key) => {
      entries.delete(key);
    },
  };
  return { storage, entries };
}

/** A storage that throws on every call, like `localStorage` in a sandboxed frame. */
export function createBlockedStorage(): TokenStorage {
  const fail = () => {
    throw new DOMException("The operation is insecure.", "SecurityError");
  };
  return { getItem: fail, setItem: fail, removeItem: fail };
}
