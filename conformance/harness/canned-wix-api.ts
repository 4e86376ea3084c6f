import { type CapturedRequest, captureRequest, WIX_HOSTS } from "./forward-fetch.ts";

const CREATED = { $date: "2024-01-02T03:04:05.000Z" };
const item = (id: string) => ({
  id,
  dataCollectionId: "HomePage",
  data: { _id: id, _createdDate: CREATED, _updatedDate: CREATED, title_fld: "T" },
});
const paging = { count: 0, offset: 0, tooManyToCount: false, hasNext: false };
const bulk = { results: [], bulkActionMetadata: { totalSuccesses: 0, totalFailures: 0 } };

/** Minimal answers that satisfy both clients (docs/protocol.md §13.3), chosen by path. */
function answer(path: string): unknown {
  if (path === "/oauth2/token") {
    return {
      access_token: "access-1",
      refresh_token: "refresh-1",
      expires_in: 14400,
      token_type: "Bearer",
    };
  }
  const routes: Record<string, unknown> = {
    "/wix-data/v2/items/query": { dataItems: [], pagingMetadata: paging },
    "/wix-data/v2/items/save": { action: "INSERTED", dataItem: item("a1") },
    "/wix-data/v2/items/truncate": {},
    "/wix-data/v2/items/count": { totalCount: 0 },
    "/wix-data/v2/items/query-distinct-values": { distinctValues: [], pagingMetadata: paging },
    "/wix-data/v2/items/aggregate": { results: [], pagingMetadata: paging },
    "/wix-data/v2/items/query-referenced": { results: [], pagingMetadata: paging },
    "/wix-data/v2/items/is-referenced": { isReferenced: false },
    "/wix-data/v2/items/replace-references": { dataItemReferences: [] },
  };
  if (path in routes) return routes[path];
  if (path.startsWith("/wix-data/v2/bulk/")) return bulk;
  return { dataItem: item(path.split("/").at(-1) ?? "a1") };
}

/** A fetch that records each request and answers it from {@link answer} without any network. */
function createCannedFetch(captured: CapturedRequest[]) {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = await captureRequest(new Request(input, init));
    captured.push(request);
    const body200 = JSON.stringify(answer(new URL(request.url).pathname));
    return new Response(body200, { status: 200, headers: { "Content-Type": "application/json" } });
  };
}

/**
 * Replaces the global fetch so the official SDK's calls to the Wix hosts are recorded and answered
 * with canned bodies; `ourFetch` does the same for our client. Call `restore()` when done.
 */
export function cannedWixApi() {
  const realFetch = globalThis.fetch;
  const sdkRequests: CapturedRequest[] = [];
  const ourRequests: CapturedRequest[] = [];
  const sdkFetch = createCannedFetch(sdkRequests);
  globalThis.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    return WIX_HOSTS.has(url.host) ? sdkFetch(input, init) : realFetch(input, init);
  };
  return {
    sdkRequests,
    ourRequests,
    ourFetch: createCannedFetch(ourRequests),
    restore() {
      globalThis.fetch = realFetch;
    },
  };
}
