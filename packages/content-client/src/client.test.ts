import { describe, expect, it } from "vitest";
import { createContentClient } from "./client.ts";
import { TimeoutError } from "./errors.ts";
import { createFakeFetch, createFakeStore, tokenResponse } from "./test-helpers/fake-fetch.ts";

describe("createContentClient defaults", () => {
  it("uses same-origin URLs and client id local", async () => {
    const fake = createFakeStore();
    const client = createContentClient({ fetch: fake.fetch });

    await client.items.query({ dataCollectionId: "HomePage" });

    expect(fake.requests.map((request) => request.url)).toEqual([
      "/oauth2/token",
      "/wix-data/v2/items/query",
    ]);
    expect(fake.requests[0]?.body).toEqual({ clientId: "local", grantType: "anonymous" });
  });

  it("keeps tokens between calls without localStorage (Node)", async () => {
    const fake = createFakeStore();
    const client = createContentClient({ fetch: fake.fetch });

    await client.auth.getAccessToken();
    await client.auth.getAccessToken();

    expect(fake.requests).toHaveLength(1);
  });

  it("uses Date.now for token expiry", async () => {
    const fake = createFakeFetch(() => tokenResponse("short-lived", "r", -1));
    const client = createContentClient({ fetch: fake.fetch });

    await client.auth.getAccessToken();
    await client.auth.getAccessToken();

    // Expired one second before it was issued by the real clock, so the second call refreshes.
    expect(
      fake.requests.map((request) => (request.body as { grantType: string }).grantType),
    ).toEqual(["anonymous", "refresh_token"]);
  });

  it("applies timeoutMs to the token request too", async () => {
    const fake = createFakeFetch(() => new Promise<Response>(() => {}));
    const client = createContentClient({ fetch: fake.fetch, timeoutMs: 5 });

    await expect(client.auth.getAccessToken()).rejects.toBeInstanceOf(TimeoutError);
  });

  it("exposes only the public auth calls", () => {
    const client = createContentClient({ fetch: createFakeStore().fetch });

    expect(Object.keys(client.auth).sort()).toEqual([
      "getAccessToken",
      "loggedIn",
      "logout",
      "role",
    ]);
  });
});
