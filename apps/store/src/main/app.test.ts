/**
 * The data API's request checking: bad bodies and GET queries refused field by field, hostile
 * but valid input answered normally.
 */
import { describe, expect, test } from "vitest";
import { queryApp } from "./test-kit/query-app.ts";

type ErrorBody = {
  message: string;
  details: {
    applicationError?: { code: string; description: string; data: unknown };
    validationError?: {
      fieldViolations: {
        field: string;
        description: string;
        violatedRule: string;
        data: unknown;
      }[];
    };
  };
};

const { postRaw, postQuery, getQuery } = queryApp();

/** Asserts a 400 validation error whose violations include `field`. */
function expectViolation(response: Awaited<ReturnType<typeof postRaw>>, field: string) {
  expect(response.statusCode).toBe(400);
  expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
  expect(response.headers["x-wix-request-id"]).toEqual(expect.any(String));
  const body = response.json() as ErrorBody;
  expect(body.message).toEqual(expect.any(String));
  const violations = body.details.validationError?.fieldViolations ?? [];
  expect(violations.map((v) => v.field)).toContain(field);
  for (const v of violations) {
    expect(v).toEqual({
      field: expect.any(String),
      description: expect.any(String),
      violatedRule: expect.any(String),
      data: expect.any(Object),
      ...("ruleName" in v ? { ruleName: expect.any(String) } : {}),
    });
  }
}

const withQuery = (query: unknown) => ({ dataCollectionId: "HomePage", query });

describe("bad request bodies answer 400 with field violations", () => {
  test("malformed JSON", async () => {
    expectViolation(await postRaw('{"dataCollectionId": "HomePage",'), "body");
  });

  test("an empty JSON body", async () => {
    expectViolation(await postRaw(""), "body");
  });

  test("a body that is not an object", async () => {
    expectViolation(await postQuery([1, 2]), "body");
  });

  test("a missing dataCollectionId", async () => {
    expectViolation(await postQuery({ query: {} }), "dataCollectionId");
  });

  test("a dataCollectionId of the wrong type", async () => {
    expectViolation(await postQuery({ dataCollectionId: 5 }), "dataCollectionId");
  });

  test("all violations at once", async () => {
    const response = await postQuery({ query: { paging: { limit: 5000 } } });
    const fields = (response.json() as ErrorBody).details.validationError?.fieldViolations.map(
      (v) => v.field,
    );
    expect(fields).toEqual(["dataCollectionId", "query.paging.limit"]);
  });

  test.each([
    ["negative", -1],
    ["zero", 0],
    ["non-integer", 2.5],
    ["huge", 1001],
    ["string", "10"],
  ])("a %s limit", async (_name, limit) => {
    expectViolation(await postQuery(withQuery({ paging: { limit } })), "query.paging.limit");
  });

  test("the maximum limit is accepted", async () => {
    expect((await postQuery(withQuery({ paging: { limit: 1000 } }))).statusCode).toBe(200);
  });

  test.each([
    ["negative", -5],
    ["non-integer", 0.5],
    ["huge", 1e300],
  ])("a %s offset", async (_name, offset) => {
    expectViolation(await postQuery(withQuery({ paging: { offset } })), "query.paging.offset");
  });

  test("a bad cursor-paging limit", async () => {
    expectViolation(
      await postQuery(withQuery({ cursorPaging: { limit: -1 } })),
      "query.cursorPaging.limit",
    );
  });

  test("paging and cursorPaging together", async () => {
    expectViolation(await postQuery(withQuery({ paging: {}, cursorPaging: {} })), "query");
  });

  test("an unknown operator", async () => {
    expectViolation(
      await postQuery(withQuery({ filter: { a: { $near: 1 } } })),
      "query.filter.a.$near",
    );
  });

  test("an unknown top-level operator", async () => {
    expectViolation(await postQuery(withQuery({ filter: { $nor: [] } })), "query.filter.$nor");
  });

  test("$regex is rejected", async () => {
    const response = await postQuery(withQuery({ filter: { title_fld: { $regex: "^M" } } }));
    expectViolation(response, "query.filter.title_fld.$regex");
    expect(JSON.stringify(response.json())).toContain("$regex");
  });

  test.each([
    ["$gt with an object", { n: { $gt: { a: 1 } } }, "query.filter.n.$gt"],
    ["$in with a non-array", { n: { $in: 1 } }, "query.filter.n.$in"],
    ["$contains with a number", { n: { $contains: 1 } }, "query.filter.n.$contains"],
    ["$exists with a string", { n: { $exists: "yes" } }, "query.filter.n.$exists"],
    ["$and with an object", { $and: { a: 1 } }, "query.filter.$and"],
    ["$not with two filters", { $not: [{ a: 1 }, { b: 1 }] }, "query.filter.$not"],
    ["a filter that is an array", [{ a: 1 }], "query.filter"],
    ["an invalid date", { d: { $gt: { $date: "yesterday" } } }, "query.filter.d.$gt"],
    ["an empty field segment", { "a..b": 1 }, "query.filter.a..b"],
    ["equality with an array", { a: [1, 2] }, "query.filter.a"],
  ])("%s", async (_name, filter, field) => {
    expectViolation(await postQuery(withQuery({ filter })), field);
  });

  test("a filter nested deeper than 20 levels", async () => {
    let filter: unknown = { a: 1 };
    for (let i = 0; i < 21; i++) filter = { $and: [filter] };
    const response = await postQuery(withQuery({ filter }));
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain("at most 20 levels");
  });

  test("a filter nested 20 levels is accepted", async () => {
    let filter: unknown = { title_fld: "MainTitle" };
    for (let i = 0; i < 19; i++) filter = { $and: [filter] };
    const response = await postQuery(withQuery({ filter }));
    expect(response.statusCode).toBe(200);
    expect((response.json() as { dataItems: unknown[] }).dataItems).toHaveLength(1);
  });

  test("an extremely deep filter does not crash the server", async () => {
    const depth = 50_000;
    const payload = `{"dataCollectionId":"HomePage","query":{"filter":${'{"$and":['.repeat(depth)}{}${"]}".repeat(depth)}}}`;
    const response = await postRaw(payload);
    expect(response.statusCode).toBe(400);
  });

  // Each filter object, field condition, operator and list value counts as one node.
  test.each([
    ["$in with 997 values", { n: { $in: Array.from({ length: 997 }, (_, i) => i) } }],
    ["$hasAll with 997 values", { n: { $hasAll: Array.from({ length: 997 }, (_, i) => i) } }],
    ["$or of 499 conditions", { $or: Array.from({ length: 499 }, (_, i) => ({ n: i })) }],
    [
      "$and of 333 conditions",
      { $and: Array.from({ length: 333 }, (_, i) => ({ n: { $ne: i } })) },
    ],
    [
      "333 fields",
      Object.fromEntries(Array.from({ length: 333 }, (_, i) => [`f${i}`, { $ne: i }])),
    ],
  ])("the largest accepted filter (%s) is answered", async (_name, filter) => {
    const response = await postQuery(withQuery({ filter }));
    expect(response.statusCode).toBe(200);
  });

  test("a filter with more than 1000 conditions", async () => {
    const filter = { $or: Array.from({ length: 1001 }, (_, i) => ({ n: i })) };
    const response = await postQuery(withQuery({ filter }));
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain("at most 1000 conditions");
  });

  test("bad sort entries", async () => {
    expectViolation(
      await postQuery(withQuery({ sort: [{ fieldName: "a", order: "UP" }] })),
      "query.sort[0].order",
    );
    expectViolation(
      await postQuery(withQuery({ sort: [{ order: "ASC" }] })),
      "query.sort[0].fieldName",
    );
    expectViolation(await postQuery(withQuery({ sort: "a" })), "query.sort");
  });

  test("bad fields", async () => {
    expectViolation(await postQuery(withQuery({ fields: "a" })), "query.fields");
    expectViolation(await postQuery(withQuery({ fields: [1] })), "query.fields[0]");
  });

  test("returnTotalCount of the wrong type", async () => {
    expectViolation(
      await postQuery({ dataCollectionId: "HomePage", returnTotalCount: "yes" }),
      "returnTotalCount",
    );
  });
});

describe("hostile but valid input is answered normally", () => {
  test("unicode and SQL metacharacters in field names and values", async () => {
    const response = await postQuery(
      withQuery({
        filter: {
          "title'; DROP TABLE items; --": { $contains: "'); DELETE FROM items; --" },
          "ü.😀": "\u0000",
        },
        sort: [{ fieldName: 'x"y' }],
      }),
    );
    expect(response.statusCode).toBe(200);
    const after = await postQuery({ dataCollectionId: "HomePage" });
    expect((after.json() as { dataItems: unknown[] }).dataItems).toHaveLength(1);
  });

  test("unknown extra request fields are ignored", async () => {
    const response = await postQuery({
      dataCollectionId: "HomePage",
      consistentRead: true,
      language: "en",
      includeReferences: [],
      query: { fields: [] },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe("bad GET queries", () => {
  test("bad base64 in .r", async () => {
    expectViolation(await getQuery(".r=%%%not-base64"), ".r");
  });

  test(".r that is not JSON", async () => {
    expectViolation(await getQuery(`.r=${Buffer.from("not json").toString("base64url")}`), ".r");
  });

  test(".r that is not UTF-8", async () => {
    expectViolation(
      await getQuery(`.r=${Buffer.from([0xff, 0xfe, 0x7b]).toString("base64url")}`),
      ".r",
    );
  });

  test(".r encoding a JSON array", async () => {
    expectViolation(await getQuery(`.r=${Buffer.from("[1]").toString("base64url")}`), ".r");
  });

  test(".r given twice", async () => {
    const r = Buffer.from('{"dataCollectionId":"HomePage"}').toString("base64url");
    expectViolation(await getQuery(`.r=${r}&.r=${r}`), ".r");
  });

  test("more than 1000 query parameters", async () => {
    const search = Array.from({ length: 1001 }, (_, i) => `fields=f${i}`).join("&");
    const response = await getQuery(search);
    expectViolation(response, "query string");
    expect((response.json() as ErrorBody).message).toBe("too many query parameters");
  });

  test("1000 query parameters are accepted", async () => {
    const search = [
      "dataCollectionId=HomePage",
      ...Array.from({ length: 999 }, (_, i) => `x${i}=1`),
    ].join("&");
    expect((await getQuery(search)).statusCode).toBe(200);
  });
});
