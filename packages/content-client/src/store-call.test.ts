import { describe, expect, it } from "vitest";
import { createContentClient } from "./client.ts";
import { HttpError } from "./errors.ts";
import { createFakeFetch, jsonResponse } from "./test-helpers/fake-fetch.ts";

describe("authorization: fetch", () => {
  it("makes no token call and sends no Authorization header", async () => {
    const fake = createFakeFetch(() => jsonResponse({ dataItems: [], pagingMetadata: {} }));
    const client = createContentClient({ fetch: fake.fetch, authorization: "fetch" });

    await client.items.query({ dataCollectionId: "Clients" });

    expect(fake.requests.map((request) => request.url)).toEqual(["/wix-data/v2/items/query"]);
    expect(fake.requests[0]?.headers.authorization).toBeUndefined();
  });
});

describe("call", () => {
  it("sends JSON to the store's own route and resolves with the parsed answer", async () => {
    const fake = createFakeFetch(() => jsonResponse({ signedIn: true, at: { $date: "x" } }));
    const client = createContentClient({ fetch: fake.fetch, authorization: "fetch" });

    const answer = await client.call({
      method: "POST",
      path: "/admin/api/sign-in",
      body: { password: "p" },
    });

    expect(answer).toEqual({ signedIn: true, at: { $date: "x" } });
    expect(fake.requests[0]).toMatchObject({
      method: "POST",
      url: "/admin/api/sign-in",
      body: { password: "p" },
    });
  });

  it("resolves with the text of an answer asked for as text", async () => {
    const fake = createFakeFetch(() => new Response("<html></html>", { status: 200 }));
    const client = createContentClient({ fetch: fake.fetch, authorization: "fetch" });

    const html = await client.call({ method: "GET", path: "/page", responseType: "text" });

    expect(html).toBe("<html></html>");
  });

  it("throws the same HttpError as the protocol calls, with the store's code", async () => {
    const fake = createFakeFetch(() =>
      jsonResponse(
        {
          message: "Wrong password",
          details: { applicationError: { code: "OWNER_WRONG_PASSWORD", description: "x" } },
        },
        { status: 401 },
      ),
    );
    const client = createContentClient({ fetch: fake.fetch, authorization: "fetch" });

    const error = await client
      .call({ method: "POST", path: "/admin/api/sign-in", body: {} })
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 401, code: "OWNER_WRONG_PASSWORD" });
  });
});
