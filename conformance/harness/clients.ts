import { items } from "@wix/data";
import { createClient, OAuthStrategy } from "@wix/sdk";
import {
  type ContentClient,
  createContentClient,
  memoryTokenStore,
} from "../../packages/content-client/src/index.ts";
import { CLIENT_ID } from "./store-server.ts";

/** The official SDK with a visitor token, as a headless site creates it. */
export function createSdkVisitorClient() {
  return createClient({ modules: { items }, auth: OAuthStrategy({ clientId: CLIENT_ID }) });
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
