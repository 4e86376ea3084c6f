/**
 * Hostile GraphQL requests (malformed, deep, wide, introspection-heavy, wrong types): each a 4xx
 * in the protocol's shape, nothing changed.
 */
import { describe, expect, test } from "vitest";
import { hostileDataApp } from "../../main/test-kit/hostile-data-app.ts";

const h = hostileDataApp();

describe("hostile GraphQL requests", () => {
  const GRAPHQL: [string, string][] = [
    ["malformed JSON", '{"query": '],
    ["an array body", "[]"],
    ["a query that is not a string", '{"query": 5}'],
    ["variables that are not an object", '{"query": "{ collections }", "variables": [1]}'],
    ["a syntax error", '{"query": "{ items(collection: "}'],
    ["an unknown field", '{"query": "{ users }"}'],
    ["too many tokens", JSON.stringify({ query: `{ ${"collections ".repeat(5000)} }` })],
    [
      "an unknown operation name",
      JSON.stringify({ query: "query A { collections }", operationName: "B" }),
    ],
    [
      "a variable of the wrong type",
      JSON.stringify({
        query: 'query ($l: Int) { items(collection: "Clients", limit: $l) { id } }',
        variables: { l: 1e40 },
      }),
    ],
    ["a body over 1 MiB", JSON.stringify({ query: "{ collections }", pad: "x".repeat(1_100_000) })],
  ];

  test.each(GRAPHQL)("%s -> 4xx", async (_name, payload) => {
    const response = await h.t.app.inject({
      method: "POST",
      url: "/graphql/alpha",
      headers: { authorization: h.t.apiKey, "content-type": "application/json" },
      payload,
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(h.snapshot()).toEqual(h.before);
  });

  test.each([
    [
      "a $regex filter",
      'query ($f: JSON) { items(collection: "Clients", filter: $f) { id } }',
      { f: { a: { $regex: "x" } } },
    ],
    ["a limit of 10^9", '{ items(collection: "Clients", limit: 1000000000) { id } }', undefined],
    [
      "an unknown collection",
      '{ items(collection: "x\'; DROP TABLE items; --") { id } }',
      undefined,
    ],
    [
      "a visitor-style write with a bad item",
      'mutation { insertItem(collection: "Clients", data: 5) { id } }',
      undefined,
    ],
    [
      "a remove with a bad condition",
      'mutation { removeItem(collection: "Clients", id: "a", condition: {x: 1}) { id } }',
      undefined,
    ],
  ])(
    "%s is a field error with a 4xx status and changes nothing",
    async (_name, query, variables) => {
      const response = await h.t.app.inject({
        method: "POST",
        url: "/graphql/alpha",
        headers: { authorization: h.t.apiKey },
        payload: { query, ...(variables ? { variables } : {}) },
      });
      expect(response.statusCode).toBe(200);
      const status = response.json().errors[0].extensions.status;
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
      expect(h.snapshot()).toEqual(h.before);
    },
  );
});
