import { describe, expect, it } from "vitest";
import { TokenRole } from "./auth/token-store.ts";
import { createContentClient } from "./client.ts";
import { setupClient } from "./test-helpers/client-setup.ts";
import { createFakeFetch, jsonResponse, queryResponse } from "./test-helpers/fake-fetch.ts";

function apiKeyClient(responder = () => queryResponse([]), siteId?: string) {
  const fake = createFakeFetch(responder);
  const client = createContentClient({
    baseUrl: "https://www.wixapis.com",
    apiKey: "IST.key-1",
    fetch: fake.fetch,
    ...(siteId === undefined ? {} : { siteId }),
  });
  return { client, requests: fake.requests };
}

describe("API key", () => {
  it("sends the raw key as Authorization and makes no token call", async () => {
    const { client, requests } = apiKeyClient();

    await client.items.query({ dataCollectionId: "HomePage" });

    expect(requests.map((request) => request.url)).toEqual([
      "https://www.wixapis.com/wix-data/v2/items/query",
    ]);
    expect(requests[0]?.headers.authorization).toBe("IST.key-1");
    expect(requests[0]?.headers["wix-site-id"]).toBeUndefined();
  });

  it("adds wix-site-id when a site id is given", async () => {
    const { client, requests } = apiKeyClient(undefined, "site-1");

    await client.items.count({ dataCollectionId: "HomePage" }).catch(() => undefined);

    expect(requests[0]?.headers).toMatchObject({
      authorization: "IST.key-1",
      "wix-site-id": "site-1",
    });
  });

  it("authorizes GraphQL with the key too", async () => {
    const { client, requests } = apiKeyClient(() => jsonResponse({ data: {} }));

    await client.graphql("{ ok }");

    expect(requests[0]?.headers.authorization).toBe("IST.key-1");
  });

  it("does not retry a 401: a refused key stays refused", async () => {
    const { client, requests } = apiKeyClient(() =>
      jsonResponse({ message: "Unauthorized" }, { status: 401 }),
    );

    await expect(client.items.query({ dataCollectionId: "HomePage" })).rejects.toMatchObject({
      status: 401,
    });
    expect(requests).toHaveLength(1);
  });

  it("reports the key as the credential and no token role", async () => {
    const { client } = apiKeyClient();

    await expect(client.auth.getAccessToken()).resolves.toBe("IST.key-1");
    expect(client.auth.role()).toBe(TokenRole.NONE);
    expect(client.auth.loggedIn()).toBe(false);
  });
});

describe("visitor token", () => {
  it("retries a 401 once with a new token", async () => {
    let answered = 0;
    const { client, calls } = setupClient(() => {
      answered += 1;
      return answered === 1
        ? jsonResponse({ message: "expired" }, { status: 401 })
        : jsonResponse({ totalCount: 1 });
    });

    await expect(client.items.count({ dataCollectionId: "HomePage" })).resolves.toBe(1);
    expect(calls().map((call) => call.headers.authorization)).toEqual(["access-1", "access-2"]);
  });

  it("does not retry a 403", async () => {
    const { client, calls } = setupClient(() =>
      jsonResponse({ message: "Forbidden" }, { status: 403 }),
    );

    await expect(
      client.items.insert({ dataCollectionId: "HomePage", dataItem: { data: {} } }),
    ).rejects.toMatchObject({ status: 403 });
    expect(calls()).toHaveLength(1);
  });
});
