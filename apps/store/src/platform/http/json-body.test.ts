/**
 * Deeply nested JSON bodies, which hold the event loop while parsed and walked: refused at the
 * front door, before parsing, on every route that takes JSON, with or without credentials.
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "../../main/test-kit/test-app.ts";
import { MAX_JSON_DEPTH, nestsDeeperThan } from "./json-body.ts";

let t: TestApp;
beforeEach(() => {
  t = createTestApp();
});
afterEach(() => t.app.close());

const nested = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;

function post(url: string, payload: string, authorization?: string) {
  return t.app.inject({
    method: "POST",
    url,
    headers: {
      "content-type": "application/json",
      ...(authorization === undefined ? {} : { authorization }),
    },
    payload,
  });
}

function bodyViolation(response: Awaited<ReturnType<typeof post>>) {
  const body = response.json() as {
    details?: { validationError?: { fieldViolations?: { field: string; data?: unknown }[] } };
  };
  return body.details?.validationError?.fieldViolations?.[0];
}

describe("deep JSON blocking the event loop", () => {
  test.each([
    ["a member sign-in without credentials", "/_api/iam/authentication/v2/login", undefined],
    ["the contact form", "/contact", undefined],
    ["an item insert with the API key", "/wix-data/v2/items", "api-key"],
  ])(
    "a 390,000-level [[[…]]] body to %s is refused as too deep before it is parsed",
    async (_name, url, auth) => {
      const response = await post(url, nested(390_000), auth === undefined ? undefined : t.apiKey);
      expect(response.statusCode).toBe(400);
      expect(bodyViolation(response)).toMatchObject({
        field: "body",
        data: { threshold: MAX_JSON_DEPTH },
      });
    },
  );

  test("a body nested at the limit is parsed and answered by its route", async () => {
    let data: unknown = "deep";
    for (let i = 0; i < 60; i++) data = { d: data };
    const response = await post(
      "/wix-data/v2/items",
      JSON.stringify({ dataCollectionId: "Clients", dataItem: { data: { nested: data } } }),
      t.apiKey,
    );
    expect(response.statusCode).toBe(200);
  });

  test("brackets inside strings, and escaped quotes, do not count as nesting", () => {
    expect(nestsDeeperThan(JSON.stringify({ text: "[".repeat(500) }), 2)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ text: `\\"${"{".repeat(9)}` }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify([[{ a: [1] }]]), 3)).toBe(true);
  });
});
