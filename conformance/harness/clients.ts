import { items } from "@wix/data";
import { ApiKeyStrategy, createClient, OAuthStrategy } from "@wix/sdk";
import {
  type ContentClient,
  createContentClient,
  memoryTokenStore,
} from "../../packages/content-client/src/index.ts";
import { CLIENT_ID } from "./store-server.ts";

/** Site id the SDK's API-key strategy sends as `wix-site-id`; the store ignores it. */
const SITE_ID = "local-site";

/** The official SDK with a visitor token, as a headless site creates it. */
export function createSdkVisitorClient() {
  return createClient({ modules: { items }, auth: OAuthStrategy({ clientId: CLIENT_ID }) });
}

/** The official SDK with an API key, as an owner's script creates it. */
export function createSdkAdminClient(apiKey: string) {
  return createClient({ modules: { items }, auth: ApiKeyStrategy({ apiKey, siteId: SITE_ID }) });
}

/** Our client against `baseUrl` with a visitor token, using `fetch` (the real one, not the patched one). */
export function createOurVisitorClient(
  baseUrl: string,
  fetch: typeof globalThis.fetch,
): ContentClient {
  return createContentClient({
    baseUrl,
    clientId: CLIENT_ID,
    fetch,
    tokenStore: memoryTokenStore(),
  });
}

/** Our client against `baseUrl` with an API key. */
export function createOurAdminClient(
  baseUrl: string,
  apiKey: string,
  fetch: typeof globalThis.fetch,
): ContentClient {
  return createContentClient({ baseUrl, apiKey, siteId: SITE_ID, fetch });
}
