import { items } from "@wix/data";
import { recovery } from "@wix/identity";
import { createClient, OAuthStrategy } from "@wix/sdk";
import {
  type ContentClient,
  createContentClient,
  memoryTokenStore,
} from "../../packages/content-client/src/index.ts";
import {
  createMemberAuth,
  type MemberAuth,
} from "../../packages/content-client/src/members/index.ts";
import { CLIENT_ID } from "./store-server.ts";

/** The official SDK as a headless site creates it for member login, plus the recovery module. */
export function createSdkMemberClient() {
  return createClient({
    modules: { items, recovery },
    auth: OAuthStrategy({ clientId: CLIENT_ID }),
  });
}

/** Our member login and content client on one token store, against `baseUrl`. */
export interface OurMemberClient {
  members: MemberAuth;
  content: ContentClient;
}

/** Our client's two entry points sharing one token store, as a page would use them. */
export function createOurMemberClient(
  baseUrl: string,
  fetch: typeof globalThis.fetch,
): OurMemberClient {
  const tokenStore = memoryTokenStore();
  return {
    members: createMemberAuth({ baseUrl, clientId: CLIENT_ID, fetch, tokenStore }),
    content: createContentClient({ baseUrl, clientId: CLIENT_ID, fetch, tokenStore }),
  };
}
