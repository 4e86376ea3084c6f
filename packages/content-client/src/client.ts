import {
  isLocalStorageUsable,
  localStorageTokenStore,
  memoryTokenStore,
  type TokenStore,
} from "./auth/token-store.ts";
import { type AuthApi, createVisitorTokens } from "./auth/visitor-tokens.ts";
import { createItemsApi, type ItemsApi } from "./items.ts";
import { createTransport } from "./request.ts";

/** Options of {@link createContentClient}; every one is optional. */
export interface ContentClientOptions {
  /**
   * Origin (and optional path prefix) of the store.
   *
   * @default "" (same origin: relative URLs such as `/wix-data/v2/items/query`)
   * @example "https://www.wixapis.com"
   */
  baseUrl?: string;
  /**
   * OAuth client id sent with every token grant.
   *
   * @default "local"
   */
  clientId?: string;
  /**
   * The `fetch` to use, for Node, server rendering or tests.
   *
   * @default globalThis.fetch, looked up at call time
   */
  fetch?: typeof globalThis.fetch;
  /**
   * Where tokens are kept.
   *
   * @default localStorageTokenStore() when localStorage works, else memoryTokenStore()
   */
  tokenStore?: TokenStore;
  /**
   * Clock in milliseconds, used for token expiry.
   *
   * @default Date.now
   */
  now?: () => number;
  /**
   * Time limit per request in milliseconds, response body included; exceeding it throws a `TimeoutError`.
   *
   * @default 30000
   */
  timeoutMs?: number;
}

/** A client for one content store. */
export interface ContentClient {
  /** Data-item calls. */
  items: ItemsApi;
  /** Visitor token lifecycle and role. */
  auth: AuthApi;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * Creates a client for the content store's data-items protocol; it fetches a visitor token on first use.
 *
 * @example
 * ```ts
 * const client = createContentClient({ baseUrl: "https://www.wixapis.com", clientId: "my-client-id" });
 * const { items } = await client.items.query({ dataCollectionId: "Clients" });
 * ```
 */
export function createContentClient(options: ContentClientOptions = {}): ContentClient {
  const send = createTransport({
    baseUrl: options.baseUrl ?? "",
    fetch: options.fetch,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  });
  const tokens = createVisitorTokens({
    send,
    clientId: options.clientId ?? "local",
    store: options.tokenStore ?? defaultTokenStore(),
    now: options.now ?? Date.now,
  });
  const { getAccessToken, role, loggedIn, logout } = tokens;
  return { items: createItemsApi(send, tokens), auth: { getAccessToken, role, loggedIn, logout } };
}

function defaultTokenStore(): TokenStore {
  return isLocalStorageUsable() ? localStorageTokenStore() : memoryTokenStore();
}
