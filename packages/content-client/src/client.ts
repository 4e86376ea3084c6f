import {
  isLocalStorageUsable,
  localStorageTokenStore,
  memoryTokenStore,
  TokenRole,
  type TokenStore,
} from "./auth/token-store.ts";
import { type AuthApi, createVisitorTokens } from "./auth/visitor-tokens.ts";
import { apiKeyCredentials, authorize, tokenCredentials } from "./credentials.ts";
import { createGraphQL, type GraphQLCall } from "./graphql.ts";
import { createItemCalls } from "./item-calls.ts";
import { createItemsApi, type ItemsApi } from "./items.ts";
import { createTransport, type SendJson } from "./request.ts";
import { createStoreCall, type StoreCall } from "./store-call.ts";

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
   * An API key for elevated calls (writes), sent as the raw `Authorization` header like the SDK's
   * `ApiKeyStrategy`; with it the client makes no token calls. Keep it on the server: never ship
   * it to a browser.
   *
   * @example process.env.CONTENT_API_KEY
   */
  apiKey?: string;
  /**
   * Site id sent as `wix-site-id` with the API key (the hosted platform needs it; our store ignores it).
   */
  siteId?: string;
  /**
   * How calls are authorized when there is no `apiKey`:
   * - `"visitor"`: anonymous visitor tokens (OAuth), fetched on first use and renewed;
   * - `"fetch"`: no `Authorization` header and no token calls; the given `fetch` carries the
   *   credentials (the owner's editor: its same-origin session cookie, and a CSRF header its
   *   `fetch` adds to writes).
   *
   * @default "visitor"
   */
  authorization?: "visitor" | "fetch";
  /**
   * OAuth client id sent with every token grant (unused with `apiKey`).
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
  /**
   * Visitor token lifecycle and role. With `apiKey`, `getAccessToken` resolves with the key (the
   * credential every call sends), the role is `none` and `logout` forgets nothing.
   */
  auth: AuthApi;
  /** GraphQL requests with the same credentials: `POST {baseUrl}/graphql/{apiVersion}`. */
  graphql: GraphQLCall;
  /** Calls to the store's own routes beside the protocol, with the same credentials and errors. */
  call: StoreCall;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * Creates a client for the content store's data-items protocol. It fetches a visitor token on
 * first use, or sends `apiKey` when one is given.
 *
 * @example
 * ```ts
 * const client = createContentClient({ baseUrl: "https://www.wixapis.com", clientId: "my-client-id" });
 * const { items } = await client.items.query({ dataCollectionId: "Clients" });
 *
 * const admin = createContentClient({ baseUrl: "http://localhost:8080", apiKey: process.env.CONTENT_API_KEY });
 * await admin.items.insert({ dataCollectionId: "Clients", dataItem: { data: { itemData: "A line" } } });
 * ```
 */
export function createContentClient(options: ContentClientOptions = {}): ContentClient {
  const send = createTransport({
    baseUrl: options.baseUrl ?? "",
    fetch: options.fetch,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  });
  const { apiKey } = options;
  if (apiKey !== undefined) {
    const sendAuthorized = authorize(send, apiKeyCredentials(apiKey, options.siteId));
    return { ...clientCalls(sendAuthorized), auth: apiKeyAuth(apiKey) };
  }
  if (options.authorization === "fetch") return { ...clientCalls(send), auth: fetchAuth() };
  const tokens = createVisitorTokens({
    send,
    clientId: options.clientId ?? "local",
    store: options.tokenStore ?? defaultTokenStore(),
    now: options.now ?? Date.now,
  });
  const sendAuthorized = authorize(send, tokenCredentials(tokens));
  const { getAccessToken, role, loggedIn, logout } = tokens;
  return { ...clientCalls(sendAuthorized), auth: { getAccessToken, role, loggedIn, logout } };
}

function clientCalls(send: SendJson): Omit<ContentClient, "auth"> {
  return {
    items: createItemsApi(createItemCalls(send)),
    graphql: createGraphQL(send),
    call: createStoreCall(send),
  };
}

// The credentials travel with `fetch`: there is no token to give.
function fetchAuth(): AuthApi {
  return {
    getAccessToken: async () => "",
    role: () => TokenRole.NONE,
    loggedIn: () => false,
    logout() {},
  };
}

function apiKeyAuth(apiKey: string): AuthApi {
  return {
    getAccessToken: async () => apiKey,
    role: () => TokenRole.NONE,
    loggedIn: () => false,
    logout() {},
  };
}

function defaultTokenStore(): TokenStore {
  return isLocalStorageUsable() ? localStorageTokenStore() : memoryTokenStore();
}
