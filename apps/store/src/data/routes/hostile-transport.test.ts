/**
 * The data endpoints fed bad transport (malformed or huge or deep JSON, prototype keys, the
 * wrong content type, no or forged credentials) and bad GET forms: each a 4xx in the protocol's
 * shape, nothing changed.
 */
import { describe, expect, test } from "vitest";
import { violatedFields } from "../../main/test-kit/api.ts";
import { hostileDataApp } from "../../main/test-kit/hostile-data-app.ts";
import { ENDPOINTS, type Endpoint } from "../../main/test-kit/hostile-data-cases.ts";

const h = hostileDataApp();

describe("hostile transport on every endpoint", () => {
  const send = (endpoint: Endpoint, payload: string, headers: Record<string, string> = {}) =>
    h.t.app.inject({
      method: endpoint.method,
      url: `/wix-data/v2/${endpoint.url}`,
      headers: { authorization: h.t.apiKey, "content-type": "application/json", ...headers },
      payload,
    });

  test.each(ENDPOINTS)("$name: malformed JSON", async (endpoint) => {
    h.expectRefused(await send(endpoint, '{"dataCollectionId": "Clients",'), "VALIDATION_FAILED");
  });

  test.each(ENDPOINTS)("$name: a body over 1 MiB is 413", async (endpoint) => {
    const response = await send(
      endpoint,
      JSON.stringify({ ...endpoint.base, pad: "x".repeat(1_100_000) }),
    );
    expect(response.statusCode).toBe(413);
    h.expectRefused(response, "PAYLOAD_TOO_LARGE");
  });

  test.each(ENDPOINTS)("$name: a __proto__ key", async (endpoint) => {
    h.expectRefused(
      await send(endpoint, `{"dataCollectionId":"Clients","__proto__":{"polluted":1}}`),
      "VALIDATION_FAILED",
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  // Not 415: a text/plain body is kept as text, and text is no JSON object.
  test.each(ENDPOINTS)("$name: a text/plain body is not read as JSON", async (endpoint) => {
    const response = await send(endpoint, JSON.stringify(endpoint.base), {
      "content-type": "text/plain",
    });
    expect(violatedFields(response)).toEqual(["body"]);
    h.expectRefused(response, "VALIDATION_FAILED");
  });

  test.each(ENDPOINTS)("$name: 200000 levels of nesting", async (endpoint) => {
    h.expectRefused(
      await send(endpoint, `${"[".repeat(200_000)}${"]".repeat(200_000)}`),
      "VALIDATION_FAILED",
    );
  });

  test.each(ENDPOINTS)("$name: without credentials is 401", async (endpoint) => {
    h.expectRefused(
      await send(endpoint, JSON.stringify(endpoint.base), { authorization: "" }),
      "UNAUTHENTICATED",
    );
  });

  test.each(ENDPOINTS)("$name: a forged token is 401", async (endpoint) => {
    h.expectRefused(
      await send(endpoint, JSON.stringify(endpoint.base), {
        authorization: "eyJhbGciOiJub25lIn0.e30.",
      }),
      "TOKEN_INVALID",
    );
  });
});

describe("hostile GET forms", () => {
  const get = (url: string) =>
    h.t.app.inject({
      method: "GET",
      url: `/wix-data/v2/${url}`,
      headers: { authorization: h.t.apiKey },
    });
  const dotR = (text: string) => Buffer.from(text).toString("base64url");
  const GETS = [
    "items/query?.r=%%%",
    "items/query?.r=!!notbase64",
    `items/query?.r=${dotR("not json")}`,
    `items/query?.r=${dotR("[1,2]")}`,
    `items/query?.r=${dotR('{"dataCollectionId":"Clients","query":{"paging":{"limit":99999}}}')}`,
    `items/query?.r=${dotR('{"dataCollectionId":"Clients"}')}&.r=${dotR("{}")}`,
    "items/query?dataCollectionId=Clients&dataCollectionId=About",
    "items/query",
    "items/query?dataCollectionId=Clients&returnTotalCount=maybe",
    `items/query?${Array.from({ length: 1001 }, (_, i) => `k${i}=1`).join("&")}`,
    "items/a",
    "items/a?dataCollectionId=Clients&consistentRead=1",
    "items/a?dataCollectionId=Nope",
    `items/${"x".repeat(129)}?dataCollectionId=Clients`,
    `items/a?dataCollectionId=Clients&${Array.from({ length: 1001 }, () => "fields=n").join("&")}`,
    `items/a?dataCollectionId=Clients&fields=${encodeURIComponent("a..b")}`,
    `items/a?.r=${dotR('{"dataCollectionId":"Clients","fields":"n"}')}`,
    "items/%E0%A4%A?dataCollectionId=Clients",
  ];

  test.each(GETS)("GET %s -> 4xx", async (url) => {
    h.expectRefused(
      await get(url),
      url.includes("dataCollectionId=Nope") ? "COLLECTION_NOT_FOUND" : "VALIDATION_FAILED",
    );
  });

  test.each(["items/a", "items/zz"])("DELETE %s without dataCollectionId -> 400", async (url) => {
    const response = await h.t.app.inject({
      method: "DELETE",
      url: `/wix-data/v2/${url}`,
      headers: { authorization: h.t.apiKey },
    });
    h.expectRefused(response, "VALIDATION_FAILED");
  });
});
