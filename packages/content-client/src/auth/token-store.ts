import { isRecord } from "../is-record.ts";

/** Roles a token set can have; the role lives on the refresh token (docs/protocol.md §6.4). */
export const TokenRole = {
  NONE: "none",
  VISITOR: "visitor",
  MEMBER: "member",
} as const;

/** One of the values of {@link TokenRole}. */
export type TokenRole = (typeof TokenRole)[keyof typeof TokenRole];

/** The token pair, in exactly the shape the official SDK stores (docs/protocol.md §6.4). */
export interface Tokens {
  /** The access token sent as `Authorization`, and its expiry in unix seconds. */
  accessToken: { value: string; expiresAt: number };
  /** The refresh token and the role of the whole token set. */
  refreshToken: { value: string; role: TokenRole };
}

/** Where the client keeps its tokens between calls (and, for persistent stores, between page loads). */
export interface TokenStore {
  /** Returns the stored tokens, or `null` when there are none. */
  get(): Tokens | null;
  /** Replaces the stored tokens. */
  save(tokens: Tokens): void;
  /** Removes the stored tokens. */
  clear(): void;
  /** Calls `listener` after every `save` or `clear` of this store; returns a function that unsubscribes. */
  onChange(listener: (tokens: Tokens | null) => void): () => void;
}

/** The part of the Web Storage API that {@link localStorageTokenStore} uses. */
export type TokenStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** Default key under which {@link localStorageTokenStore} keeps the tokens. */
export const DEFAULT_TOKEN_STORAGE_KEY = "content-client.tokens";

/**
 * Creates a token store that lives in memory only (tokens are lost on reload).
 *
 * @example
 * ```ts
 * const client = createContentClient({ tokenStore: memoryTokenStore() });
 * ```
 */
export function memoryTokenStore(): TokenStore {
  let current: Tokens | null = null;
  const notify = createListeners();
  return {
    get: () => current,
    save(tokens) {
      current = tokens;
      notify.emit(tokens);
    },
    clear() {
      current = null;
      notify.emit(null);
    },
    onChange: notify.add,
  };
}

/**
 * Creates a token store persisted as JSON in `localStorage` under `key`; it never throws: when the
 * storage is missing, blocked or full it keeps the tokens in memory, and corrupt entries read as none.
 *
 * @param key - Storage key; defaults to {@link DEFAULT_TOKEN_STORAGE_KEY}.
 * @param storage - Storage to use instead of `globalThis.localStorage` (tests, other Storage objects).
 * @example
 * ```ts
 * const client = createContentClient({ tokenStore: localStorageTokenStore("my-site.tokens") });
 * ```
 */
export function localStorageTokenStore(
  key: string = DEFAULT_TOKEN_STORAGE_KEY,
  storage?: TokenStorage,
): TokenStore {
  // Holds the tokens only when the storage could not take them, so another tab's logout still shows.
  let fallback: Tokens | null = null;
  const notify = createListeners();
  const resolveStorage = () => storage ?? globalLocalStorage();

  return {
    get() {
      try {
        const raw = resolveStorage()?.getItem(key) ?? null;
        return raw === null ? fallback : parseTokens(raw);
      } catch {
        return fallback;
      }
    },
    save(tokens) {
      fallback = tokens;
      try {
        const target = resolveStorage();
        if (target) {
          target.setItem(key, JSON.stringify(tokens));
          fallback = null;
        }
      } catch {
        // Quota exceeded or storage blocked: the in-memory fallback keeps this page working.
      }
      notify.emit(tokens);
    },
    clear() {
      fallback = null;
      try {
        resolveStorage()?.removeItem(key);
      } catch {
        // Nothing stored that could be removed.
      }
      notify.emit(null);
    },
    onChange: notify.add,
  };
}

/** Tells whether `localStorage` exists and accepts writes (it throws in some private modes and sandboxes). */
export function isLocalStorageUsable(): boolean {
  const storage = globalLocalStorage();
  if (!storage) return false;
  try {
    const probe = `${DEFAULT_TOKEN_STORAGE_KEY}.probe`;
    storage.setItem(probe, "1");
    storage.removeItem(probe);
    return true;
  } catch {
    return false;
  }
}

function globalLocalStorage(): TokenStorage | undefined {
  try {
    // Reading the property itself throws when storage is disabled for the origin.
    const storage: unknown = Reflect.get(globalThis, "localStorage");
    return isStorage(storage) ? storage : undefined;
  } catch {
    return undefined;
  }
}

function isStorage(value: unknown): value is TokenStorage {
  return (
    typeof value === "object" &&
    value !== null &&
    "getItem" in value &&
    typeof value.getItem === "function" &&
    "setItem" in value &&
    typeof value.setItem === "function" &&
    "removeItem" in value &&
    typeof value.removeItem === "function"
  );
}

function parseTokens(raw: string): Tokens | null {
  try {
    const value: unknown = JSON.parse(raw);
    return isTokens(value) ? value : null;
  } catch {
    return null;
  }
}

const ROLES: ReadonlySet<unknown> = new Set(Object.values(TokenRole));

function isTokens(value: unknown): value is Tokens {
  if (!isRecord(value) || !isRecord(value.accessToken) || !isRecord(value.refreshToken))
    return false;
  const { accessToken, refreshToken } = value;
  return (
    typeof accessToken.value === "string" &&
    typeof accessToken.expiresAt === "number" &&
    typeof refreshToken.value === "string" &&
    ROLES.has(refreshToken.role)
  );
}

function createListeners() {
  const listeners = new Set<(tokens: Tokens | null) => void>();
  return {
    add(listener: (tokens: Tokens | null) => void): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    emit(tokens: Tokens | null): void {
      for (const listener of listeners) listener(tokens);
    },
  };
}
