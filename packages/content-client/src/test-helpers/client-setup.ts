import { memoryTokenStore } from "../auth/token-store.ts";
import { createContentClient } from "../client.ts";
import { createFakeStore, jsonResponse, type Responder } from "./fake-fetch.ts";

const BASE_URL = "https://www.wixapis.com";

/** A visitor-token client on a fake store; `calls()` lists the requests other than token grants. */
export function setupClient(onData?: Responder) {
  const fake = createFakeStore(onData);
  const client = createContentClient({
    baseUrl: BASE_URL,
    fetch: fake.fetch,
    tokenStore: memoryTokenStore(),
  });
  const calls = () => fake.requests.filter((request) => !request.url.endsWith("/oauth2/token"));
  return { client, calls, requests: fake.requests };
}

/** An application error body as the store sends it (docs/protocol.md §5.1). */
export function applicationError(status: number, code: string, description = "Refused") {
  return jsonResponse(
    { message: description, details: { applicationError: { code, description, data: {} } } },
    { status },
  );
}

/** The store's answer for a missing item. */
export const itemMissing = () =>
  applicationError(404, "WDE0073", "Item [x] does not exist in collection [HomePage].");

/** The wire envelope of a stored item. */
export function envelope(data: Record<string, unknown>, dataCollectionId = "HomePage") {
  return { id: data._id, dataCollectionId, data };
}
