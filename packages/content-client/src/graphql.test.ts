import { describe, expect, it } from "vitest";
import { HttpError } from "./errors.ts";
import { setupClient as setup } from "./test-helpers/client-setup.ts";
import { jsonResponse } from "./test-helpers/fake-fetch.ts";

describe("graphql", () => {
  it("posts query and variables to /graphql/alpha with the visitor token", async () => {
    const { client, calls } = setup(() => jsonResponse({ data: { ok: true } }));

    await client.graphql("query ($c: String!) { items(collection: $c) { id } }", { c: "Clients" });

    expect(calls()[0]).toMatchObject({
      method: "POST",
      url: "https://www.wixapis.com/graphql/alpha",
      headers: { authorization: "access-1", "content-type": "application/json" },
      body: {
        query: "query ($c: String!) { items(collection: $c) { id } }",
        variables: { c: "Clients" },
      },
    });
  });

  it("drops undefined variables from the body, as the SDK does", async () => {
    const { client, calls } = setup(() => jsonResponse({ data: {} }));

    await client.graphql("{ ok }");

    expect(calls()[0]?.body).toEqual({ query: "{ ok }" });
  });

  it("uses the given apiVersion in the path", async () => {
    const { client, calls } = setup(() => jsonResponse({ data: {} }));

    await client.graphql("{ ok }", undefined, { apiVersion: "v1" });

    expect(calls()[0]?.url).toBe("https://www.wixapis.com/graphql/v1");
  });

  it("resolves with data and errors of a 200 answer", async () => {
    const errors = [{ message: "Cannot read field", path: ["items", 0] }];
    const { client } = setup(() => jsonResponse({ data: { items: null }, errors }));

    await expect(client.graphql("{ items { id } }")).resolves.toEqual({
      data: { items: null },
      errors,
    });
  });

  it("resolves with data {} when the answer has none", async () => {
    const { client } = setup(() => jsonResponse({}));

    await expect(client.graphql("{ ok }")).resolves.toEqual({ data: {} });
  });

  it("rejects a non-200 answer with 'GraphQL request failed with status {status}'", async () => {
    const body = { errors: [{ message: 'Syntax Error: Unexpected "}".' }] };
    const { client } = setup(() =>
      jsonResponse(body, { status: 400, headers: { "X-Wix-Request-Id": "req-9" } }),
    );

    const failure = client.graphql("{ ok }}");

    await expect(failure).rejects.toBeInstanceOf(HttpError);
    await expect(failure).rejects.toMatchObject({
      message: "GraphQL request failed with status 400",
      status: 400,
      requestId: "req-9",
      data: body,
    });
  });
});
