import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "../../main/test-kit/test-app.ts";

let t: TestApp;
let visitor: string;

beforeEach(async () => {
  t = createTestApp();
  t.insert(
    "Clients",
    ["b", "a", "c"].map((name, i) => ({ _id: `c${i}`, name, order: i })),
  );
  visitor = await t.token();
});
afterEach(() => t.app.close());

function graphql(query: string, variables?: unknown, authorization: string | null = visitor) {
  return t.app.inject({
    method: "POST",
    url: "/graphql/alpha",
    headers: authorization === null ? {} : { authorization },
    payload: { query, ...(variables === undefined ? {} : { variables }) },
  });
}

describe("graphql queries", () => {
  test("lists items with filter, sort, limit and offset", async () => {
    const response = await graphql(
      `query ($f: JSON) { items(collection: "Clients", filter: $f, sort: [{fieldName: "name"}], limit: 1, offset: 1) { id data } }`,
      { f: { order: { $gte: 1 } } },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: { items: [{ id: "c2", data: expect.objectContaining({ name: "c", order: 2 }) }] },
    });
  });

  test("reads one item, null when it is missing", async () => {
    const response = await graphql(
      `{ found: item(collection: "Clients", id: "c1") { id collection } missing: item(collection: "Clients", id: "x") { id } }`,
    );
    expect(response.json()).toEqual({
      data: { found: { id: "c1", collection: "Clients" }, missing: null },
    });
  });

  test("counts matching items and lists readable collections", async () => {
    const response = await graphql(
      `query ($f: JSON) { count(collection: "Clients", filter: $f) collections }`,
      { f: { name: { $ne: "a" } } },
    );
    expect(response.json().data).toEqual({
      count: 2,
      collections: [
        "HomePage",
        "About",
        "Services",
        "Clients",
        "WhyWorkWithMe",
        "PageWords",
        "SiteSettings",
        "Pictures",
      ],
    });
  });

  test("a bad filter is an error on its field with the store's violation", async () => {
    const response = await graphql(
      `query ($f: JSON) { items(collection: "Clients", filter: $f) { id } }`,
      { f: { a: { $regex: "x" } } },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      data: null,
      errors: [
        {
          path: ["items"],
          extensions: {
            code: "VALIDATION_FAILED",
            status: 400,
            fieldViolations: [expect.any(Object)],
          },
        },
      ],
    });
  });

  test("an unknown collection is WDE0025", async () => {
    const response = await graphql(`{ items(collection: "Nope") { id } }`);
    expect(response.json().errors[0].extensions).toEqual({ code: "WDE0025", status: 404 });
  });

  test("a request may not read more than 5000 items through aliases", async () => {
    const fields = Array.from(
      { length: 6 },
      (_, i) => `a${i}: items(collection: "Clients", limit: 1000) { id }`,
    );
    const response = await graphql(`{ ${fields.join(" ")} }`);
    expect(response.json().errors).toHaveLength(1);
    expect(response.json().errors[0].message).toMatch(/at most 5000 items/);
  });
});

describe("graphql request errors", () => {
  test("a syntax error is 400 with errors only", async () => {
    const response = await graphql("{ items(");
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(["errors"]);
    expect(response.json().errors[0].message).toMatch(/Syntax Error/);
  });

  test("a field outside the schema is 400", async () => {
    const response = await graphql("{ users { id } }");
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].message).toMatch(/Cannot query field "users"/);
  });

  test("variables of the wrong type are 400", async () => {
    const response = await graphql(
      'query ($l: Int) { items(collection: "Clients", limit: $l) { id } }',
      {
        l: "ten",
      },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].message).toMatch(/\$l/);
  });

  test("a document with too many tokens is 400", async () => {
    const response = await graphql(`{ ${"collections ".repeat(3000)} }`);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].message).toMatch(/more that 2000 tokens/);
  });

  test("a body without a query is a protocol validation error", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/graphql/alpha",
      headers: { authorization: visitor },
      payload: { variables: {} },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.validationError.fieldViolations[0].field).toBe("query");
  });

  test("no credentials is 401", async () => {
    const response = await graphql("{ collections }", undefined, null);
    expect(response.statusCode).toBe(401);
  });
});

describe("graphql mutations and permissions", () => {
  const insert = `mutation ($d: JSON!) { insertItem(collection: "Clients", data: $d) { id data } }`;

  test("a visitor cannot insert: WDE0027, nothing written", async () => {
    const response = await graphql(insert, { d: { _id: "v", name: "v" } });
    expect(response.json().errors[0].extensions).toMatchObject({ code: "WDE0027", status: 403 });
    expect(t.store.getItem("Clients", "v")).toBeNull();
  });

  test("the API key inserts, updates with a condition and removes", async () => {
    const inserted = await graphql(insert, { d: { _id: "k", name: "k" } }, t.apiKey);
    expect(inserted.json().data.insertItem.data).toMatchObject({ _id: "k", name: "k" });

    const stale = await graphql(
      `mutation { updateItem(collection: "Clients", id: "k", data: {name: "x"}, condition: {filter: {name: "old"}}) { id } }`,
      undefined,
      t.apiKey,
    );
    expect(stale.json().errors[0].extensions).toMatchObject({ code: "WDE0080", status: 409 });

    const updated = await graphql(
      `mutation { updateItem(collection: "Clients", id: "k", data: {name: "new"}, condition: {filter: {name: "k"}}) { data } }`,
      undefined,
      t.apiKey,
    );
    expect(updated.json().data.updateItem.data.name).toBe("new");

    const removed = await graphql(
      `mutation { removeItem(collection: "Clients", id: "k") { id } }`,
      undefined,
      t.apiKey,
    );
    expect(removed.json().data).toEqual({ removeItem: { id: "k" } });
    expect(t.store.getItem("Clients", "k")).toBeNull();
  });
});
