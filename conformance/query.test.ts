import { describe, expect, it } from "vitest";
import type { ContentClient, QueryDataItemsRequest } from "../packages/content-client/src/index.ts";
import { createOurVisitorClient, createSdkVisitorClient } from "./harness/clients.ts";
import { QUERY_COLLECTION as C, QUERY_ITEMS } from "./harness/query-fixture.ts";
import { useStoreForSdk } from "./harness/sdk-environment.ts";

type Sdk = ReturnType<typeof createSdkVisitorClient>;
/** The part of the SDK's query result that our result must match. */
interface SdkResult {
  items: unknown[];
  totalCount: number | undefined;
  hasNext(): boolean;
}

const env = useStoreForSdk((store) => store.insert(C, QUERY_ITEMS));
// One client of each kind for the whole file, as a site would keep them (visitor tokens reused).
let sdk: Sdk;
let ours: ContentClient;
const clients = () => {
  sdk ??= createSdkVisitorClient();
  ours ??= createOurVisitorClient(env.store.url, env.forward.realFetch);
  return { sdk, ours };
};

const date = (iso: string) => new Date(iso);

/** The `query` object of a captured `GET .../items/query?.r=` request. */
function sentQuery(url: string | undefined): unknown {
  const encoded = new URL(url ?? "http://missing").searchParams.get(".r") ?? "";
  return JSON.parse(Buffer.from(encoded, "base64url").toString("utf8")).query;
}

/** A query written once for each client, and the least number of items it must find (so equal is not trivially empty). */
interface QueryCase {
  name: string;
  sdk: (client: Sdk) => Promise<SdkResult>;
  ours: Omit<QueryDataItemsRequest, "dataCollectionId">;
  atLeast: number;
}

const CASES: QueryCase[] = [
  {
    name: "equality with an ascending sort",
    sdk: (c) => c.items.query(C).eq("city", "Oslo").ascending("n").find(),
    ours: { query: { filter: { city: "Oslo" }, sort: [{ fieldName: "n", order: "ASC" }] } },
    atLeast: 2,
  },
  {
    name: "equality is case-sensitive",
    sdk: (c) => c.items.query(C).eq("city", "paris").find(),
    ours: { query: { filter: { city: "paris" } } },
    atLeast: 1,
  },
  {
    name: "number ranges with a descending sort",
    sdk: (c) => c.items.query(C).gt("n", 3).le("n", 8).descending("n").find(),
    ours: {
      query: { filter: { n: { $gt: 3, $lte: 8 } }, sort: [{ fieldName: "n", order: "DESC" }] },
    },
    atLeast: 3,
  },
  {
    name: "date ranges with Date operands",
    sdk: (c) =>
      c.items
        .query(C)
        .ge("when", date("2024-04-01T00:00:00.000Z"))
        .lt("when", date("2024-09-01T00:00:00.000Z"))
        .descending("when")
        .find(),
    ours: {
      query: {
        filter: {
          when: { $gte: date("2024-04-01T00:00:00.000Z"), $lt: date("2024-09-01T00:00:00.000Z") },
        },
        sort: [{ fieldName: "when", order: "DESC" }],
      },
    },
    atLeast: 5,
  },
  {
    name: "between, end-exclusive",
    sdk: (c) =>
      c.items
        .query(C)
        .between("when", date("2024-02-15T08:30:00.000Z"), date("2024-05-15T08:30:00.000Z"))
        .find(),
    ours: {
      query: {
        filter: {
          when: { $gte: date("2024-02-15T08:30:00.000Z"), $lt: date("2024-05-15T08:30:00.000Z") },
        },
      },
    },
    atLeast: 3,
  },
  {
    name: "startsWith, case-insensitive",
    sdk: (c) => c.items.query(C).startsWith("itemData", "line 1").ascending("order").find(),
    ours: {
      query: { filter: { itemData: { $startsWith: "line 1" } }, sort: [{ fieldName: "order" }] },
    },
    atLeast: 4,
  },
  {
    name: "contains and endsWith, case-insensitive",
    sdk: (c) => c.items.query(C).contains("itemData", "NE 1").endsWith("city", "IS").find(),
    ours: { query: { filter: { itemData: { $contains: "NE 1" }, city: { $endsWith: "IS" } } } },
    atLeast: 1,
  },
  {
    name: "not equal, missing values included",
    sdk: (c) => c.items.query(C).ne("city", "Oslo").find(),
    ours: { query: { filter: { city: { $ne: "Oslo" } } } },
    atLeast: 10,
  },
  {
    name: "hasSome and hasAll on arrays",
    sdk: (c) => c.items.query(C).hasSome("tags", ["green"]).hasAll("tags", ["red", "blue"]).find(),
    ours: { query: { filter: { tags: { $hasSome: ["green"], $hasAll: ["red", "blue"] } } } },
    atLeast: 1,
  },
  {
    name: "isEmpty matches missing fields",
    sdk: (c) => c.items.query(C).isEmpty("city").find(),
    ours: { query: { filter: { city: null } } },
    atLeast: 2,
  },
  {
    name: "isNotEmpty matches present fields",
    sdk: (c) => c.items.query(C).isNotEmpty("city").find(),
    ours: { query: { filter: { city: { $ne: null } } } },
    atLeast: 10,
  },
  {
    name: "or of two conditions",
    sdk: (c) => c.items.query(C).eq("city", "Lisbon").or(c.items.filter().lt("n", 2)).find(),
    ours: { query: { filter: { $or: [{ city: "Lisbon" }, { n: { $lt: 2 } }] } } },
    atLeast: 2,
  },
  {
    name: "not of a condition",
    sdk: (c) => c.items.query(C).gt("order", 100).not(c.items.filter().eq("city", "Oslo")).find(),
    ours: { query: { filter: { $and: [{ order: { $gt: 100 } }, { $not: [{ city: "Oslo" }] }] } } },
    atLeast: 8,
  },
  {
    name: "a nested field in dot notation",
    sdk: (c) => c.items.query(C).eq("profile.level", 1).find(),
    ours: { query: { filter: { "profile.level": 1 } } },
    atLeast: 3,
  },
  {
    name: "several sort keys, missing values lowest",
    sdk: (c) => c.items.query(C).ascending("city").descending("n").find(),
    ours: {
      query: {
        sort: [
          { fieldName: "city", order: "ASC" },
          { fieldName: "n", order: "DESC" },
        ],
      },
    },
    atLeast: 17,
  },
  {
    name: "a projection keeps _id",
    sdk: (c) => c.items.query(C).fields("itemData", "n").gt("order", 105).find(),
    ours: { query: { fields: ["itemData", "n"], filter: { order: { $gt: 105 } } } },
    atLeast: 7,
  },
  {
    name: "skip and limit with the total count",
    sdk: (c) =>
      c.items.query(C).ascending("order").skip(3).limit(4).find({ returnTotalCount: true }),
    ours: {
      query: { sort: [{ fieldName: "order" }], paging: { limit: 4, offset: 3 } },
      returnTotalCount: true,
    },
    atLeast: 4,
  },
  {
    name: "no paging reads the first 50",
    sdk: (c) => c.items.query(C).find(),
    ours: {},
    atLeast: 17,
  },
];

describe("visitor-token queries: the official SDK and our client read the same", () => {
  it.each(CASES)("$name", async ({ sdk: sdkQuery, ours: ourQuery, atLeast }) => {
    const { sdk, ours } = clients();

    const expected = await sdkQuery(sdk);
    const actual = await ours.items.query({ dataCollectionId: C, ...ourQuery });

    expect(expected.items.length).toBeGreaterThanOrEqual(atLeast);
    expect(actual.items).toEqual(expected.items);
    expect(actual.pagingMetadata.total).toEqual(expected.totalCount);
    expect(actual.pagingMetadata.hasNext ?? false).toBe(expected.hasNext());
  });
});

describe("dates", () => {
  it("come back as Date objects on both sides, system fields included", async () => {
    const { sdk, ours } = clients();

    const expected = await sdk.items.query(C).eq("_id", "q03").find();
    const actual = await ours.items.query({
      dataCollectionId: C,
      query: { filter: { _id: "q03" } },
    });

    expect(expected.items[0]?.when).toEqual(date("2024-03-15T08:30:00.000Z"));
    expect(expected.items[0]?._createdDate).toBeInstanceOf(Date);
    expect(actual.items).toEqual(expected.items);
  });
});

describe("paging", () => {
  it("walks every page with next() as our client walks offsets", async () => {
    const { sdk, ours } = clients();
    const sdkPages: unknown[][] = [];
    let page = await sdk.items.query(C).ascending("order").limit(5).find();
    sdkPages.push(page.items);
    while (page.hasNext()) {
      page = await page.next();
      sdkPages.push(page.items);
    }

    const ourPages: unknown[][] = [];
    for (let offset = 0; ; offset += 5) {
      const result = await ours.items.query({
        dataCollectionId: C,
        query: { sort: [{ fieldName: "order" }], paging: { limit: 5, offset } },
      });
      ourPages.push(result.items);
      if (!result.pagingMetadata.hasNext) break;
    }

    expect(sdkPages.map((items) => items.length)).toEqual([5, 5, 5, 2]);
    expect(ourPages).toEqual(sdkPages);
  });

  it("follows a cursor from our first page to the same next page", async () => {
    const { sdk, ours } = clients();
    const first = await ours.items.query({
      dataCollectionId: C,
      query: {
        filter: { order: { $gt: 100 } },
        sort: [{ fieldName: "n", order: "DESC" }],
        cursorPaging: { limit: 4 },
      },
    });
    const cursor = first.pagingMetadata.cursors?.next;
    if (typeof cursor !== "string") throw new Error("the store gave no next cursor");

    const expected = await sdk.items.query(C, { cursorPaging: { limit: 4, cursor } });
    const actual = await ours.items.query({
      dataCollectionId: C,
      query: { cursorPaging: { limit: 4, cursor } },
    });

    expect(expected.items).toHaveLength(4);
    expect(actual.items).toEqual(expected.items);
    expect(actual.pagingMetadata).toEqual(expected.pagingMetadata);
    // The SDK sends only the cursor: the store must take filter and sort from it.
    expect(sentQuery(env.forward.captured.at(-1)?.url)).toEqual({
      cursorPaging: { limit: 4, cursor },
    });
  });

  it("reports the same paging metadata for a direct offset query", async () => {
    const { sdk, ours } = clients();
    const request = {
      filter: { n: { $in: [1, 2, 3, 4] } },
      sort: [{ fieldName: "order", order: "ASC" as const }],
      paging: { limit: 2, offset: 1 },
    };

    const expected = await sdk.items.query(C, request, { returnTotalCount: true });
    const actual = await ours.items.query({
      dataCollectionId: C,
      query: request,
      returnTotalCount: true,
    });

    expect(expected.items).toHaveLength(2);
    expect(actual.items).toEqual(expected.items);
    expect(actual.pagingMetadata).toEqual(expected.pagingMetadata);
  });
});

describe("the sample content", () => {
  it("reads the home page title the way the site does", async () => {
    const { sdk, ours } = clients();

    const expected = await sdk.items
      .query("HomePage")
      .eq("title_fld", "MainTitle")
      .ascending("title_fld")
      .limit(10)
      .find();
    const actual = await ours.items.query({
      dataCollectionId: "HomePage",
      query: {
        filter: { title_fld: "MainTitle" },
        sort: [{ fieldName: "title_fld", order: "ASC" }],
        paging: { limit: 10 },
      },
    });

    expect(expected.items).toHaveLength(1);
    expect(actual.items).toEqual(expected.items);
  });
});
