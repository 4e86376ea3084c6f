import { collections, items } from "@wix/data";
import { ApiKeyStrategy, createClient, OAuthStrategy } from "@wix/sdk";
import { createCollectionsApi } from "../../packages/content-client/src/collections/index.ts";
import { createContentClient } from "../../packages/content-client/src/index.ts";
import { createOurMemberClient } from "./member-clients.ts";
import { CLIENT_ID } from "./store-server.ts";

/** The official SDK with the collections and items modules, as an owner's script creates it. */
export function createSdkCollectionsAdmin(apiKey: string) {
  return createClient({
    modules: { collections, items },
    auth: ApiKeyStrategy({ apiKey, siteId: "local-site" }),
  });
}

/** The official SDK as a headless site creates it (a visitor until it gets member tokens). */
export function createSdkCollectionsVisitor() {
  return createClient({
    modules: { collections, items },
    auth: OAuthStrategy({ clientId: CLIENT_ID }),
  });
}

/** A member of the store signed on with the API key, through the official SDK. */
export async function sdkMemberOf(email: string, apiKey: string) {
  const sdk = createSdkCollectionsVisitor();
  sdk.auth.setTokens(await sdk.auth.getMemberTokensForExternalLoginWithSession(email, apiKey));
  return sdk;
}

/** Our client with the API key, with its collection calls. */
export function createOurCollectionsAdmin(
  baseUrl: string,
  apiKey: string,
  fetch: typeof globalThis.fetch,
) {
  const content = createContentClient({ baseUrl, apiKey, fetch });
  return { content, collections: createCollectionsApi(content) };
}

/** A member of the store signed on with the API key, through our client. */
export async function ourMemberOf(
  email: string,
  apiKey: string,
  baseUrl: string,
  fetch: typeof globalThis.fetch,
) {
  const member = createOurMemberClient(baseUrl, fetch);
  await member.members.getMemberTokensForExternalLoginWithSession(email, apiKey);
  return { ...member, collections: createCollectionsApi(member.content) };
}
