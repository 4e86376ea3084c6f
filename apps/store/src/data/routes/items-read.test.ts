import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { caller, codeOf, violatedFields } from "../../main/test-kit/api.ts";
import { createTestApp, type TestApp } from "../../main/test-kit/test-app.ts";

let t: TestApp;
let visitor: ReturnType<typeof caller>;

const C = "Clients";
const dotR = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString("base64url");

beforeEach(async () => {
  t = createTestApp();
  t.insert(C, [
    { _id: "p1", city: "Paris", n: 3, when: { $date: "2024-03-01T00:00:00.000Z" } },
    { _id: "o1", city: "Oslo", n: 1, tags: ["x", "y"] },
    { _id: "p2", city: "Paris", n: 5, when: { $date: "2024-01-01T00:00:00.000Z" } },
    { _id: "l1", city: "Lisbon", n: 2, tags: ["y"] },
    { _id: "none", n: "not a number" },
  ]);
  visitor = caller(t, await t.token());
});
afterEach(() => t.app.close());

describe("get", () => {
  test("GET with flat parameters answers the DataItem; dataItemId in the query is ignored", async () => {
    const response = await visitor("GET", `items/p1?dataCollectionId=${C}&dataItemId=zzz`);
    expect(response.statusCode).toBe(200);
    expect(response.json().dataItem).toMatchObject({ id: "p1", dataCollectionId: C });
    expect(response.json().dataItem.data).toMatchObject({ _id: "p1", city: "Paris" });
  });

  test("repeated fields project, consistentRead is accepted", async () => {
    const response = await visitor(
      "GET",
      `items/p1?dataCollectionId=${C}&consistentRead=true&fields=city&fields=n`,
    );
    expect(response.json().dataItem.data).toEqual({ _id: "p1", city: "Paris", n: 3 });
  });

  test("the ?.r= form carries the whole payload", async () => {
    const r = dotR({
      dataCollectionId: C,
      dataItemId: "o1",
      fields: ["tags"],
      includeReferences: [],
    });
    const response = await visitor("GET", `items/o1?.r=${r}`);
    expect(response.json().dataItem.data).toEqual({ _id: "o1", tags: ["x", "y"] });
  });

  test("POST /items/{id} takes the same payload as a JSON body", async () => {
    const response = await visitor("POST", "items/l1", {
      dataCollectionId: C,
      consistentRead: true,
    });
    expect(response.json().dataItem.id).toBe("l1");
  });

  test("calls this store does not offer are a plain 404, not a get", async () => {
    const response = await visitor("POST", "items/search", { dataCollectionId: C });
    expect(response.statusCode).toBe(404);
    expect(codeOf(response)).toBe("ROUTE_NOT_FOUND");
  });

  test("a missing item is 404 WDE0073", async () => {
    const response = await visitor("GET", `items/zz?dataCollectionId=${C}`);
    expect(response.statusCode).toBe(404);
    expect(codeOf(response)).toBe("WDE0073");
  });

  test("consistentRead other than true or false is a 400", async () => {
    const response = await visitor("GET", `items/p1?dataCollectionId=${C}&consistentRead=yes`);
    expect(violatedFields(response)).toEqual(["consistentRead"]);
  });

  test("a 128-character id is routed and looked up", async () => {
    const id = "i".repeat(128);
    t.insert(C, [{ _id: id }]);
    const response = await visitor("GET", `items/${id}?dataCollectionId=${C}`);
    expect(response.json().dataItem.id).toBe(id);
  });
});

describe("query paging", () => {
  test("offset paging answers no cursors, even with items left; cursor paging does", async () => {
    const query = (paging: object) =>
      visitor("POST", "items/query", { dataCollectionId: C, query: paging });
    const offset = (await query({ paging: { limit: 2, offset: 1 } })).json().pagingMetadata;
    expect(offset).toMatchObject({ hasNext: true, cursors: { next: null, prev: null } });
    const cursor = (await query({ cursorPaging: { limit: 2 } })).json().pagingMetadata;
    expect(cursor.hasNext).toBe(true);
    expect(typeof cursor.cursors.next).toBe("string");
  });
});

describe("count", () => {
  test("counts everything, or what matches the filter", async () => {
    expect(
      (await visitor("POST", "items/count", { dataCollectionId: C, filter: {} })).json(),
    ).toEqual({
      totalCount: 5,
    });
    const some = await visitor("POST", "items/count", {
      dataCollectionId: C,
      filter: { city: "Paris" },
    });
    expect(some.json()).toEqual({ totalCount: 2 });
  });
});

describe("query-distinct-values", () => {
  test("distinct values ascending, nulls and missing left out", async () => {
    const response = await visitor("POST", "items/query-distinct-values", {
      dataCollectionId: C,
      fieldName: "city",
    });
    expect(response.json()).toEqual({
      distinctValues: ["Lisbon", "Oslo", "Paris"],
      pagingMetadata: {
        count: 3,
        offset: 0,
        tooManyToCount: false,
        cursors: { next: null, prev: null },
        hasNext: false,
      },
    });
  });

  test("array fields contribute their elements; order DESC; filter applies", async () => {
    const response = await visitor("POST", "items/query-distinct-values", {
      dataCollectionId: C,
      fieldName: "tags",
      order: "DESC",
      filter: { n: { $lt: 5 } },
    });
    expect(response.json().distinctValues).toEqual(["y", "x"]);
  });

  test("dates are distinct by instant and kept as $date", async () => {
    const response = await visitor("POST", "items/query-distinct-values", {
      dataCollectionId: C,
      fieldName: "when",
    });
    expect(response.json().distinctValues).toEqual([
      { $date: "2024-01-01T00:00:00.000Z" },
      { $date: "2024-03-01T00:00:00.000Z" },
    ]);
  });

  test("cursor paging resumes the same call from the cursor alone", async () => {
    const first = await visitor("POST", "items/query-distinct-values", {
      dataCollectionId: C,
      fieldName: "city",
      order: "DESC",
      cursorPaging: { limit: 2 },
    });
    expect(first.json().distinctValues).toEqual(["Paris", "Oslo"]);
    const next = first.json().pagingMetadata.cursors.next;
    const second = await visitor("POST", "items/query-distinct-values", {
      dataCollectionId: C,
      cursorPaging: { cursor: next, limit: 2 },
    });
    expect(second.json().distinctValues).toEqual(["Lisbon"]);
    expect(second.json().pagingMetadata.hasNext).toBe(false);
  });

  test("offset paging with a total", async () => {
    const response = await visitor("POST", "items/query-distinct-values", {
      dataCollectionId: C,
      fieldName: "n",
      paging: { limit: 2, offset: 1 },
      returnTotalCount: true,
    });
    expect(response.json().distinctValues).toEqual([2, 3]);
    expect(response.json().pagingMetadata).toMatchObject({ total: 5, hasNext: true, offset: 1 });
  });

  test("a query cursor is refused", async () => {
    const query = await visitor("POST", "items/query", {
      dataCollectionId: C,
      query: { cursorPaging: { limit: 1 } },
    });
    const response = await visitor("POST", "items/query-distinct-values", {
      dataCollectionId: C,
      cursorPaging: { cursor: query.json().pagingMetadata.cursors.next },
    });
    expect(violatedFields(response)).toEqual(["cursorPaging.cursor"]);
  });

  test("fieldName is required", async () => {
    const response = await visitor("POST", "items/query-distinct-values", { dataCollectionId: C });
    expect(violatedFields(response)).toEqual(["fieldName"]);
  });
});

describe("aggregate", () => {
  const operations = [
    { resultFieldName: "count", itemCount: {} },
    { resultFieldName: "nSum", sum: { itemFieldName: "n" } },
    { resultFieldName: "nAvg", average: { itemFieldName: "n" } },
    { resultFieldName: "nMin", min: { itemFieldName: "n" } },
    { resultFieldName: "whenMax", max: { itemFieldName: "when" } },
  ];

  test("groups with every operation, groups in first-seen order", async () => {
    const response = await visitor("POST", "items/aggregate", {
      dataCollectionId: C,
      initialFilter: { n: { $gte: 1 } },
      aggregation: { groupingFields: ["city"], operations },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().results).toEqual([
      {
        _id: { city: "Paris" },
        count: 2,
        nSum: 8,
        nAvg: 4,
        nMin: 3,
        whenMax: { $date: "2024-03-01T00:00:00.000Z" },
      },
      { _id: { city: "Oslo" }, count: 1, nSum: 1, nAvg: 1, nMin: 1, whenMax: null },
      { _id: { city: "Lisbon" }, count: 1, nSum: 2, nAvg: 2, nMin: 2, whenMax: null },
    ]);
  });

  test("without grouping fields there is one result without _id; non-numbers are skipped", async () => {
    const response = await visitor("POST", "items/aggregate", {
      dataCollectionId: C,
      aggregation: { operations: operations.slice(0, 3) },
    });
    expect(response.json().results).toEqual([{ count: 5, nSum: 11, nAvg: 2.75 }]);
  });

  test("finalFilter, sort and paging apply to the results", async () => {
    const response = await visitor("POST", "items/aggregate", {
      dataCollectionId: C,
      aggregation: { groupingFields: ["city"], operations: operations.slice(0, 2) },
      finalFilter: { count: { $gte: 1 }, "_id.city": { $ne: null } },
      sort: [{ fieldName: "nSum", order: "DESC" }],
      paging: { limit: 2 },
      returnTotalCount: true,
    });
    expect(response.json().results.map((r: { _id: { city: string } }) => r._id.city)).toEqual([
      "Paris",
      "Lisbon",
    ]);
    expect(response.json().pagingMetadata).toMatchObject({ count: 2, total: 3, hasNext: true });
  });

  test("sorting by _id sorts by the group key", async () => {
    const response = await visitor("POST", "items/aggregate", {
      dataCollectionId: C,
      initialFilter: { city: { $exists: true } },
      aggregation: {
        groupingFields: ["city"],
        operations: [{ resultFieldName: "c", itemCount: {} }],
      },
      sort: [{ fieldName: "_id", order: "DESC" }],
    });
    expect(response.json().results.map((r: { _id: { city: string } }) => r._id.city)).toEqual([
      "Paris",
      "Oslo",
      "Lisbon",
    ]);
  });

  test("an operation with two kinds, or a duplicate result name, is a 400", async () => {
    const response = await visitor("POST", "items/aggregate", {
      dataCollectionId: C,
      aggregation: {
        operations: [
          { resultFieldName: "x", sum: { itemFieldName: "n" }, min: { itemFieldName: "n" } },
          { resultFieldName: "y", itemCount: {} },
          { resultFieldName: "y", itemCount: {} },
        ],
      },
    });
    expect(violatedFields(response)).toEqual([
      "aggregation.operations[0]",
      "aggregation.operations[2].resultFieldName",
    ]);
  });
});
