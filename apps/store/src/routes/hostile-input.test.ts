/**
 * Bad input against every endpoint, table-driven: each case must be refused with a 4xx in the
 * protocol's error shape (never a 5xx), and the database must be exactly as before.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { withoutNul } from "../db/postgres/without-nul.ts";
import { ERROR_CATALOGUE, type ErrorCode } from "../errors.ts";
import { violatedFields } from "../test-helpers/api.ts";
import { createTestApp, type TestApp } from "../test-helpers/test-app.ts";
import { TEST_ADAPTER } from "../test-helpers/test-db.ts";

type Endpoint = { name: string; method: "POST" | "PUT" | "DELETE"; url: string; base: object };
/**
 * An unknown collection is 404 (WDE0025); every other bad body is a 400 validation error naming
 * the field the case spoils, so a case refused by another gate first does not pass for this one.
 */
type Variant = {
  name: string;
  body: unknown;
  status: 400 | 404;
  code: "VALIDATION_FAILED" | "COLLECTION_NOT_FOUND";
  field: string;
};

const C = "Clients";
const REF = { referringItemFieldName: "clients", referringItemId: "s1", referencedItemId: "a" };

const ENDPOINTS: Endpoint[] = [
  { name: "query", method: "POST", url: "items/query", base: { dataCollectionId: C, query: {} } },
  {
    name: "insert",
    method: "POST",
    url: "items",
    base: { dataCollectionId: C, dataItem: { data: { _id: "new" } } },
  },
  {
    name: "update",
    method: "POST",
    url: "items/update",
    base: { dataCollectionId: C, dataItem: { data: { _id: "a" } } },
  },
  {
    name: "update (PUT)",
    method: "PUT",
    url: "items/a",
    base: { dataCollectionId: C, dataItem: { data: {} } },
  },
  {
    name: "patch",
    method: "POST",
    url: "items/patch",
    base: {
      dataCollectionId: C,
      patch: {
        dataItemId: "a",
        fieldModifications: [
          { fieldPath: "n", action: "SET_FIELD", setFieldOptions: { value: 1 } },
        ],
      },
    },
  },
  {
    name: "save",
    method: "POST",
    url: "items/save",
    base: { dataCollectionId: C, dataItem: { data: { _id: "a" } } },
  },
  { name: "get (POST)", method: "POST", url: "items/a", base: { dataCollectionId: C } },
  {
    name: "remove",
    method: "POST",
    url: "items/remove",
    base: { dataCollectionId: C, dataItemId: "a" },
  },
  { name: "truncate", method: "POST", url: "items/truncate", base: { dataCollectionId: C } },
  { name: "count", method: "POST", url: "items/count", base: { dataCollectionId: C, filter: {} } },
  {
    name: "distinct",
    method: "POST",
    url: "items/query-distinct-values",
    base: { dataCollectionId: C, fieldName: "n" },
  },
  {
    name: "aggregate",
    method: "POST",
    url: "items/aggregate",
    base: {
      dataCollectionId: C,
      aggregation: { groupingFields: ["n"], operations: [{ resultFieldName: "c", itemCount: {} }] },
    },
  },
  {
    name: "bulk insert",
    method: "POST",
    url: "bulk/items/insert",
    base: { dataCollectionId: C, dataItems: [{ data: { _id: "n1" } }] },
  },
  {
    name: "bulk update",
    method: "POST",
    url: "bulk/items/update",
    base: { dataCollectionId: C, dataItems: [{ data: { _id: "a" } }] },
  },
  {
    name: "bulk save",
    method: "POST",
    url: "bulk/items/save",
    base: { dataCollectionId: C, dataItems: [{ data: { _id: "a" } }] },
  },
  {
    name: "bulk remove",
    method: "POST",
    url: "bulk/items/remove",
    base: { dataCollectionId: C, dataItemIds: ["a"] },
  },
  {
    name: "bulk patch",
    method: "POST",
    url: "bulk/items/patch",
    base: {
      dataCollectionId: C,
      patches: [
        { dataItemId: "a", fieldModifications: [{ fieldPath: "n", action: "REMOVE_FIELD" }] },
      ],
    },
  },
  {
    name: "query-referenced",
    method: "POST",
    url: "items/query-referenced",
    base: {
      dataCollectionId: "Services",
      referringItemId: "s1",
      referringItemFieldName: "clients",
    },
  },
  {
    name: "is-referenced",
    method: "POST",
    url: "items/is-referenced",
    base: { dataCollectionId: "Services", ...REF },
  },
  {
    name: "insert-reference",
    method: "POST",
    url: "items/insert-reference",
    base: { dataCollectionId: "Services", dataItemReference: REF },
  },
  {
    name: "remove-reference",
    method: "POST",
    url: "items/remove-reference",
    base: { dataCollectionId: "Services", dataItemReference: REF },
  },
  {
    name: "replace-references",
    method: "POST",
    url: "items/replace-references",
    base: {
      dataCollectionId: "Services",
      referringItemFieldName: "clients",
      referringItemId: "s1",
      newReferencedItemIds: ["a"],
    },
  },
  {
    name: "bulk insert-references",
    method: "POST",
    url: "bulk/items/insert-references",
    base: { dataCollectionId: "Services", dataItemReferences: [REF] },
  },
  {
    name: "bulk remove-references",
    method: "POST",
    url: "bulk/items/remove-references",
    base: { dataCollectionId: "Services", dataItemReferences: [REF] },
  },
];

const nest = (depth: number, leaf: unknown): unknown =>
  Array.from({ length: depth }).reduce<unknown>((inner) => ({ $and: [inner] }), leaf);
const deepData = (depth: number): unknown =>
  Array.from({ length: depth }).reduce<unknown>((inner) => ({ a: inner }), 1);

/** Values that are wrong wherever they go, per kind of field. */
const BAD: Record<string, unknown[]> = {
  collection: [
    123,
    "",
    {},
    ["Clients"],
    "x".repeat(300),
    "Nope",
    "Clients'; DROP TABLE items; --",
    "Ünïcødé😀",
  ],
  filter: [
    "name = 'x' OR 1=1",
    [],
    { a: { $regex: "^x" } },
    { a: { $where: "1" } },
    { $nor: [] },
    { a: { $in: "not a list" } },
    { a: { $gt: { b: 1 } } },
    { a: { $startsWith: 5 } },
    { a: { $exists: "yes" } },
    { "a..b": 1 },
    { "a.$b": 1 },
    { a: { $date: "not a date" } },
    nest(25, { a: 1 }),
    { a: { $in: Array.from({ length: 1001 }, (_, i) => i) } },
  ],
  paging: [
    { limit: 1e12 },
    { limit: -1 },
    { limit: 0 },
    { limit: "10" },
    { limit: 1.5 },
    { offset: 1e300 },
    { offset: -5 },
    "all",
  ],
  sort: [
    "n",
    [{ fieldName: 5 }],
    [{ fieldName: "n", order: "UP" }],
    Array.from({ length: 40 }, () => ({ fieldName: "n" })),
    [null],
  ],
  item: [
    "x",
    [],
    { data: "x" },
    { data: [] },
    { data: { _id: 5 } },
    { data: { _id: "x".repeat(129) } },
    { id: "p", data: { _id: "q" } },
    { data: deepData(80) },
  ],
  id: [5, "", null, {}, "x".repeat(129), ["a"]],
  list: ["x", {}, [5], Array.from({ length: 1001 }, () => "a")],
  fieldName: [5, "", "a..b", "$where", null],
  order: ["UP", "asc", 5, {}],
  reference: ["x", {}, { ...REF, referencedItemId: 5 }, { ...REF, referringItemFieldName: "" }],
  modifications: [
    "x",
    [],
    [{ fieldPath: "_id", action: "SET_FIELD", setFieldOptions: { value: 1 } }],
    [{ fieldPath: "n", action: "DROP" }],
    [{ fieldPath: "n", action: "SET_FIELD" }],
  ],
  aggregation: [
    "x",
    { operations: [{}] },
    { groupingFields: "n" },
    { operations: [{ resultFieldName: "_id", itemCount: {} }] },
  ],
  boolean: ["yes", 1, {}],
};

/** The fields each endpoint has, and what kind of value they take. */
const FIELDS: Record<string, Record<string, keyof typeof BAD>> = {
  query: {
    "query.filter": "filter",
    "query.paging": "paging",
    "query.sort": "sort",
    "query.fields": "list",
    returnTotalCount: "boolean",
  },
  insert: { dataItem: "item" },
  update: { dataItem: "item", condition: "filter", "condition.filter": "filter" },
  "update (PUT)": { dataItem: "item", "condition.filter": "filter" },
  patch: {
    "patch.dataItemId": "id",
    "patch.fieldModifications": "modifications",
    "condition.filter": "filter",
  },
  save: { dataItem: "item", "condition.filter": "filter" },
  "get (POST)": { fields: "list", consistentRead: "boolean" },
  remove: { dataItemId: "id", "condition.filter": "filter" },
  count: { filter: "filter" },
  distinct: { fieldName: "fieldName", filter: "filter", paging: "paging", order: "order" },
  aggregate: {
    aggregation: "aggregation",
    initialFilter: "filter",
    finalFilter: "filter",
    sort: "sort",
    paging: "paging",
  },
  "bulk insert": { dataItems: "list", returnEntity: "boolean" },
  "bulk update": { dataItems: "list" },
  "bulk save": { dataItems: "list" },
  "bulk remove": { dataItemIds: "list" },
  "bulk patch": { patches: "list" },
  "query-referenced": {
    referringItemId: "id",
    referringItemFieldName: "fieldName",
    paging: "paging",
    order: "order",
  },
  "is-referenced": {
    referringItemId: "id",
    referencedItemId: "id",
    referringItemFieldName: "fieldName",
  },
  "insert-reference": { dataItemReference: "reference" },
  "remove-reference": { dataItemReference: "reference" },
  "replace-references": {
    referringItemId: "id",
    newReferencedItemIds: "list",
    referringItemFieldName: "fieldName",
  },
  "bulk insert-references": { dataItemReferences: "list" },
  "bulk remove-references": { dataItemReferences: "list" },
};

/** Fields a call's validation error names by another spelling (query-referenced takes a list). */
const REPORTED_AS: Record<string, string> = {
  "query-referenced referringItemId": "referringItemIds",
};

function withField(base: object, path: string, value: unknown): object {
  const copy = structuredClone(base) as Record<string, unknown>;
  const keys = path.split(".");
  let target = copy;
  for (const key of keys.slice(0, -1)) {
    if (typeof target[key] !== "object" || target[key] === null) target[key] = {};
    target = target[key] as Record<string, unknown>;
  }
  target[keys.at(-1) ?? ""] = value;
  return copy;
}

function variants(endpoint: Endpoint): Variant[] {
  const invalid = { status: 400, code: "VALIDATION_FAILED" } as const;
  const generic: Variant[] = [
    { name: "a JSON array body", body: [], ...invalid, field: "body" },
    { name: "a JSON string body", body: "text", ...invalid, field: "body" },
    {
      name: "no dataCollectionId",
      body: withField(endpoint.base, "dataCollectionId", undefined),
      ...invalid,
      field: "dataCollectionId",
    },
    ...(BAD.collection ?? []).map(
      (value, i): Variant => ({
        name: `bad dataCollectionId #${i}`,
        body: withField(endpoint.base, "dataCollectionId", value),
        ...(typeof value === "string" && value !== "" && value.length <= 256
          ? { status: 404, code: "COLLECTION_NOT_FOUND", field: "" }
          : { ...invalid, field: "dataCollectionId" }),
      }),
    ),
  ];
  const specific = Object.entries(FIELDS[endpoint.name] ?? {}).flatMap(([path, kind]) =>
    (BAD[kind] ?? []).map(
      (value, i): Variant => ({
        name: `bad ${path} (${kind} #${i})`,
        body: withField(endpoint.base, path, value),
        ...invalid,
        field: REPORTED_AS[`${endpoint.name} ${path}`] ?? path,
      }),
    ),
  );
  return [...generic, ...specific];
}

const CASES = ENDPOINTS.flatMap((endpoint) =>
  variants(endpoint).map((variant) => ({ endpoint, ...variant })),
);

let t: TestApp;

function snapshot() {
  return ["items", "item_references", "collections", "collection_permissions", "api_key"].map(
    (table) =>
      t.db
        .prepare(`SELECT * FROM ${table}`)
        .all()
        .map((row) => JSON.stringify(row))
        .sort(),
  );
}

let before: unknown;

beforeAll(async () => {
  t = createTestApp();
  t.insert(C, [
    { _id: "a", n: 1, name: "A" },
    { _id: "b", n: 2 },
  ]);
  t.insert("Services", [{ _id: "s1" }]);
  await t.app.inject({
    method: "POST",
    url: "/wix-data/v2/items/insert-reference",
    headers: { authorization: t.apiKey },
    payload: { dataCollectionId: "Services", dataItemReference: { ...REF, referencedItemId: "b" } },
  });
  before = snapshot();
});
afterAll(() => t.app.close());

const CATALOGUE_NAME = new Map<string, ErrorCode>(
  Object.entries(ERROR_CATALOGUE).map(([name, entry]) => [
    "wireCode" in entry ? entry.wireCode : name,
    name as ErrorCode,
  ]),
);

/** The catalogue name of an error answer: which gate refused it. */
function reasonOf(response: { json: () => unknown }): ErrorCode | undefined {
  const details = (response.json() as { details?: Record<string, { code?: string }> }).details;
  if (details?.validationError !== undefined) return "VALIDATION_FAILED";
  return CATALOGUE_NAME.get(details?.applicationError?.code ?? "");
}

/** Matches `field` itself or a path inside it (`filter.a.$in[3]` for `filter`). */
const fieldOrInside = (field: string) =>
  new RegExp(`^${field.replace(/[.$[\]]/g, "\\$&")}($|[.[])`);

function expectRefused(response: { statusCode: number; json: () => unknown }, code?: ErrorCode) {
  if (code !== undefined) expect(reasonOf(response)).toBe(code);
  expect(response.statusCode).toBeGreaterThanOrEqual(400);
  expect(response.statusCode).toBeLessThan(500);
  const body = response.json() as { message?: unknown; details?: Record<string, unknown> };
  expect(body.message).toEqual(expect.any(String));
  expect(String(body.message).length).toBeGreaterThan(0);
  expect(Object.keys(body.details ?? {})).toHaveLength(1);
  expect(snapshot()).toEqual(before);
}

describe("hostile JSON bodies on every endpoint", () => {
  test("covers every endpoint with many cases", () => {
    expect(new Set(CASES.map((c) => c.endpoint.name)).size).toBe(ENDPOINTS.length);
    expect(CASES.length).toBeGreaterThan(300);
  });

  test.each(CASES)(
    "$endpoint.name: $name -> $status $code, data unchanged",
    async ({ endpoint, body, status, code, field }) => {
      const response = await t.app.inject({
        method: endpoint.method,
        url: `/wix-data/v2/${endpoint.url}`,
        headers: { authorization: t.apiKey, "content-type": "application/json" },
        payload: JSON.stringify(body) ?? "",
      });
      expect(response.statusCode).toBe(status);
      expect(reasonOf(response)).toBe(code);
      if (field !== "") {
        expect(violatedFields(response)).toContainEqual(
          expect.stringMatching(fieldOrInside(field)),
        );
      }
      expectRefused(response);
    },
  );
});

describe("hostile transport on every endpoint", () => {
  const send = (endpoint: Endpoint, payload: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: endpoint.method,
      url: `/wix-data/v2/${endpoint.url}`,
      headers: { authorization: t.apiKey, "content-type": "application/json", ...headers },
      payload,
    });

  test.each(ENDPOINTS)("$name: malformed JSON", async (endpoint) => {
    expectRefused(await send(endpoint, '{"dataCollectionId": "Clients",'), "VALIDATION_FAILED");
  });

  test.each(ENDPOINTS)("$name: a body over 1 MiB is 413", async (endpoint) => {
    const response = await send(
      endpoint,
      JSON.stringify({ ...endpoint.base, pad: "x".repeat(1_100_000) }),
    );
    expect(response.statusCode).toBe(413);
    expectRefused(response, "PAYLOAD_TOO_LARGE");
  });

  test.each(ENDPOINTS)("$name: a __proto__ key", async (endpoint) => {
    expectRefused(
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
    expectRefused(response, "VALIDATION_FAILED");
  });

  test.each(ENDPOINTS)("$name: 200000 levels of nesting", async (endpoint) => {
    expectRefused(
      await send(endpoint, `${"[".repeat(200_000)}${"]".repeat(200_000)}`),
      "VALIDATION_FAILED",
    );
  });

  test.each(ENDPOINTS)("$name: without credentials is 401", async (endpoint) => {
    expectRefused(
      await send(endpoint, JSON.stringify(endpoint.base), { authorization: "" }),
      "UNAUTHENTICATED",
    );
  });

  test.each(ENDPOINTS)("$name: a forged token is 401", async (endpoint) => {
    expectRefused(
      await send(endpoint, JSON.stringify(endpoint.base), {
        authorization: "eyJhbGciOiJub25lIn0.e30.",
      }),
      "TOKEN_INVALID",
    );
  });
});

describe("hostile GET forms", () => {
  const get = (url: string) =>
    t.app.inject({
      method: "GET",
      url: `/wix-data/v2/${url}`,
      headers: { authorization: t.apiKey },
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
    expectRefused(
      await get(url),
      url.includes("dataCollectionId=Nope") ? "COLLECTION_NOT_FOUND" : "VALIDATION_FAILED",
    );
  });

  test.each(["items/a", "items/zz"])("DELETE %s without dataCollectionId -> 400", async (url) => {
    const response = await t.app.inject({
      method: "DELETE",
      url: `/wix-data/v2/${url}`,
      headers: { authorization: t.apiKey },
    });
    expectRefused(response, "VALIDATION_FAILED");
  });
});

describe("metacharacters and unicode are data, not syntax", () => {
  const SQLISH = [
    "' OR 1=1 --",
    "a'); DROP TABLE items; --",
    '"; DELETE FROM items; --',
    "%_\\",
    "\u0000nul",
  ];

  test.each(SQLISH)(
    "a filter on field and value %j matches nothing and changes nothing",
    async (text) => {
      const response = await t.app.inject({
        method: "POST",
        url: "/wix-data/v2/items/query",
        headers: { authorization: t.apiKey },
        payload: {
          dataCollectionId: C,
          query: { filter: { [text]: text, $or: [{ name: { $contains: text } }] } },
        },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().dataItems).toEqual([]);
      expect(snapshot()).toEqual(before);
    },
  );

  test("such text round-trips exactly through insert and get, as field names and values", async () => {
    const data = Object.fromEntries(
      [...SQLISH, "Ünïcødé 😀", "\u{10FFFF}", "ℌ𝔢𝔩𝔩𝔬"].map((text, i) => [`${text}#${i}`, text]),
    );
    const inserted = await t.app.inject({
      method: "POST",
      url: "/wix-data/v2/items",
      headers: { authorization: t.apiKey },
      payload: { dataCollectionId: C, dataItem: { data: { _id: "weird 😀 '--", ...data } } },
    });
    expect(inserted.statusCode).toBe(200);
    const got = await t.app.inject({
      method: "GET",
      url: `/wix-data/v2/items/${encodeURIComponent("weird 😀 '--")}?dataCollectionId=${C}`,
      headers: { authorization: t.apiKey },
    });
    // PostgreSQL holds no NUL: it keeps U+FFFD in its place (db/postgres/without-nul.ts).
    expect(got.json().dataItem.data).toMatchObject(
      TEST_ADAPTER === "postgres" ? withoutNul(data) : data,
    );
    await t.app.inject({
      method: "POST",
      url: "/wix-data/v2/items/remove",
      headers: { authorization: t.apiKey },
      payload: { dataCollectionId: C, dataItemId: "weird 😀 '--" },
    });
    expect(snapshot()[0]).toEqual((before as unknown[])[0]);
  });
});

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
    const response = await t.app.inject({
      method: "POST",
      url: "/graphql/alpha",
      headers: { authorization: t.apiKey, "content-type": "application/json" },
      payload,
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(snapshot()).toEqual(before);
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
      const response = await t.app.inject({
        method: "POST",
        url: "/graphql/alpha",
        headers: { authorization: t.apiKey },
        payload: { query, ...(variables ? { variables } : {}) },
      });
      expect(response.statusCode).toBe(200);
      const status = response.json().errors[0].extensions.status;
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
      expect(snapshot()).toEqual(before);
    },
  );
});

// Members (issue 10): every identity endpoint, fed bad input, answers a 4xx in the protocol's
// shape (the sign-in pages a 4xx page) and changes nothing: no identity, token or mail is made.
describe("hostile input on the identity endpoints", () => {
  let m: TestApp;
  let memberId = "";
  let memberToken = "";
  /** Each table with its primary key, an order both engines keep. */
  const IDENTITY_TABLES = [
    ["identities", "id"],
    ["identity_tokens", "token_hash"],
    ["identity_recovery_codes", "identity_id, code_hash"],
    ["mail_outbox", "id"],
  ];
  const identitySnapshot = () =>
    IDENTITY_TABLES.map(([table, key]) =>
      m.db.prepare(`SELECT * FROM ${table} ORDER BY ${key}`).all(),
    );
  let identityBefore: unknown;

  beforeAll(async () => {
    m = createTestApp({ identity: { config: { requireEmailVerification: false } } });
    const registered = await m.app.inject({
      method: "POST",
      url: "/_api/iam/authentication/v2/register",
      payload: { loginId: { email: "member@example.com" }, password: "a good password" },
    });
    memberId = registered.json().identity.id;
    const login = await m.app.inject({
      method: "POST",
      url: "/_api/iam/authentication/v2/login",
      payload: { loginId: { email: "member@example.com" }, password: "a good password" },
    });
    const tokens = await m.app.inject({
      method: "POST",
      url: "/oauth2/token",
      headers: { authorization: m.apiKey },
      payload: {
        grant_type: "authorized_client",
        member_id: memberId,
        session_token: login.json().sessionToken,
      },
    });
    memberToken = tokens.json().access_token;
    expect(memberToken).toEqual(expect.any(String));
    // Limits are not what this sweep is about: clear the attempts the setup made.
    identityBefore = identitySnapshot();
  });
  afterAll(() => m.app.close());

  /** Which gate refuses a junk value of a field; `body` for a body that is no object. */
  type Refusals = Record<string, ErrorCode | ((value: unknown) => ErrorCode)>;
  type IdEndpoint = {
    name: string;
    url: string;
    base: Record<string, unknown>;
    auth?: "key" | "member";
    refuses: Refusals;
    /** Values that are no junk for this endpoint (a good new password), left out. */
    accepts?: (key: string, value: unknown) => boolean;
  };
  const pkceChallenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";
  const text = (value: unknown) => typeof value === "string" && value !== "";
  const goodPassword = (value: unknown) =>
    typeof value === "string" && [...value].length >= 8 && [...value].length <= 256;
  /** A well-formed value reaches the named gate; anything else is refused as invalid. */
  const ifText =
    (code: ErrorCode) =>
    (value: unknown): ErrorCode =>
      text(value) ? code : "VALIDATION_FAILED";
  const IDENTITY_ENDPOINTS: IdEndpoint[] = [
    {
      name: "register",
      url: "/_api/iam/authentication/v2/register",
      // Two faults (a taken e-mail, a short password): no single replacement makes it valid.
      base: { loginId: { email: "member@example.com" }, password: "x" },
      refuses: {
        body: "VALIDATION_FAILED",
        loginId: "VALIDATION_FAILED",
        password: (value) => (goodPassword(value) ? "EMAIL_ALREADY_EXISTS" : "VALIDATION_FAILED"),
      },
    },
    {
      name: "login",
      url: "/_api/iam/authentication/v2/login",
      base: { loginId: { email: "member@example.com" }, password: "not the password" },
      refuses: {
        body: "WRONG_EMAIL_OR_PASSWORD",
        loginId: "WRONG_EMAIL_OR_PASSWORD",
        password: "WRONG_EMAIL_OR_PASSWORD",
      },
    },
    {
      name: "change-password",
      url: "/_api/iam/authentication/v2/change-password",
      base: { newPassword: "x" },
      // The member's own token: the new password's rules, not the role check, refuse these.
      auth: "member",
      refuses: { body: "VALIDATION_FAILED", newPassword: "VALIDATION_FAILED" },
      accepts: (key, value) => key === "newPassword" && goodPassword(value),
    },
    {
      name: "sign-on",
      url: "/_api/iam/authentication/v2/sign-on",
      base: { loginId: { email: "not an e-mail" }, profile: { nickname: 5 } },
      auth: "key",
      refuses: {
        body: "VALIDATION_FAILED",
        loginId: "VALIDATION_FAILED",
        profile: "VALIDATION_FAILED",
      },
    },
    {
      name: "totp verify",
      url: "/_api/iam/authentication/v2/totp/verify",
      base: { stateToken: "st", totpData: { code: "1" } },
      // The step is checked before the code (identity-attacks.test.ts guesses codes on a real one).
      refuses: {
        body: "VALIDATION_FAILED",
        stateToken: "IDENTITY_STATE_TOKEN_INVALID",
        totpData: "IDENTITY_STATE_TOKEN_INVALID",
      },
    },
    {
      name: "verify",
      url: "/_api/iam/authentication/v2/verify",
      base: { stateToken: "st", factorType: "TOTP" },
      refuses: {
        body: "VALIDATION_FAILED",
        stateToken: "IDENTITY_STATE_TOKEN_INVALID",
        factorType: "VALIDATION_FAILED",
      },
    },
    {
      name: "send-email",
      url: "/_api/iam/recovery/v1/send-email",
      base: { email: "not an email" },
      refuses: { body: "VALIDATION_FAILED", email: "VALIDATION_FAILED" },
    },
    {
      name: "recover",
      url: "/_api/iam/recovery/v1/recover",
      base: { recoveryToken: "r", password: "a good password" },
      refuses: {
        body: "VALIDATION_FAILED",
        recoveryToken: "IDENTITY_RECOVERY_TOKEN_INVALID",
        password: (value) =>
          goodPassword(value) ? "IDENTITY_RECOVERY_TOKEN_INVALID" : "VALIDATION_FAILED",
      },
    },
    {
      name: "activation-email",
      url: "/_api/iam/recovery/v1/activation-email",
      base: { identityId: "nobody" },
      auth: "key",
      refuses: { body: "VALIDATION_FAILED", identityId: "IDENTITY_NOT_FOUND" },
    },
    {
      name: "verification start",
      url: "/_api/iam/verification/v1/start",
      base: { identityId: "nobody", target: "EMAIL" },
      auth: "key",
      refuses: {
        body: "VALIDATION_FAILED",
        identityId: "IDENTITY_NOT_FOUND",
        target: "VALIDATION_FAILED",
      },
    },
    {
      name: "auth verify",
      url: "/_api/iam/verification/v1/auth/verify",
      base: { code: "123456", stateToken: "st" },
      refuses: {
        body: "VALIDATION_FAILED",
        code: "IDENTITY_STATE_TOKEN_INVALID",
        stateToken: "IDENTITY_STATE_TOKEN_INVALID",
      },
    },
    {
      name: "auth resend",
      url: "/_api/iam/verification/v1/auth/resend",
      base: { stateToken: "st" },
      refuses: { body: "VALIDATION_FAILED", stateToken: "IDENTITY_STATE_TOKEN_INVALID" },
    },
    {
      name: "redirect-session",
      url: "/_api/redirects-api/v1/redirect-session",
      base: {
        auth: {
          authRequest: {
            clientId: "test-client",
            redirectUri: "https://evil.example/cb",
            codeChallenge: pkceChallenge,
            state: "s",
          },
        },
      },
      refuses: { body: "VALIDATION_FAILED", auth: "VALIDATION_FAILED" },
    },
    {
      name: "token (authorization_code)",
      url: "/oauth2/token",
      base: {
        clientId: "test-client",
        grantType: "authorization_code",
        code: "c",
        codeVerifier: "v",
      },
      refuses: {
        body: "VALIDATION_FAILED",
        clientId: ifText("INVALID_CLIENT"),
        grantType: ifText("UNSUPPORTED_GRANT_TYPE"),
        code: ifText("AUTHORIZATION_CODE_INVALID"),
        codeVerifier: "AUTHORIZATION_CODE_INVALID",
      },
    },
    {
      name: "token (authorized_client)",
      url: "/oauth2/token",
      base: { grant_type: "authorized_client", member_id: "nobody", session_token: "s" },
      auth: "key",
      refuses: {
        body: "VALIDATION_FAILED",
        grant_type: ifText("UNSUPPORTED_GRANT_TYPE"),
        member_id: ifText("IDENTITY_SESSION_TOKEN_INVALID"),
        session_token: "IDENTITY_SESSION_TOKEN_INVALID",
      },
    },
  ];

  const JUNK: unknown[] = [
    null,
    5,
    "",
    "x".repeat(10_000),
    [],
    ["a"],
    {},
    { email: "a@b.c" },
    { $gt: "" },
    "\u0000",
    "' OR 1=1 --",
    "<script>alert(1)</script>",
    -1,
    1e308,
    true,
  ];

  const codeFor = (endpoint: IdEndpoint, key: string, value: unknown): ErrorCode => {
    const refusal = endpoint.refuses[key] ?? "VALIDATION_FAILED";
    return typeof refusal === "function" ? refusal(value) : refusal;
  };
  const idCases = IDENTITY_ENDPOINTS.flatMap((endpoint) => [
    { endpoint, name: "a JSON array body", payload: "[]", code: codeFor(endpoint, "body", []) },
    {
      endpoint,
      name: "a JSON string body",
      payload: '"text"',
      code: codeFor(endpoint, "body", "text"),
    },
    {
      endpoint,
      name: "malformed JSON",
      payload: '{"loginId": ',
      code: "VALIDATION_FAILED" as ErrorCode,
    },
    {
      endpoint,
      name: "a __proto__ key",
      payload: '{"__proto__": {"polluted": 1}}',
      code: "VALIDATION_FAILED" as ErrorCode,
    },
    ...Object.keys(endpoint.base).flatMap((key) =>
      JUNK.flatMap((value, i) =>
        endpoint.accepts?.(key, value)
          ? []
          : [
              {
                endpoint,
                name: `bad ${key} #${i}`,
                payload: JSON.stringify({ ...endpoint.base, [key]: value }),
                code: codeFor(endpoint, key, value),
              },
            ],
      ),
    ),
  ]);

  async function tokenFor(endpoint: IdEndpoint) {
    if (endpoint.auth === "member") return memberToken;
    const visitor = (
      await m.app.inject({
        method: "POST",
        url: "/oauth2/token",
        payload: { clientId: "test-client", grantType: "anonymous" },
      })
    ).json().access_token as string;
    return endpoint.auth === "key" ? `${visitor},${m.apiKey}` : visitor;
  }

  function expectIdentityRefused(
    response: { statusCode: number; json: () => unknown },
    code?: ErrorCode,
  ) {
    if (code !== undefined) expect(reasonOf(response)).toBe(code);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    const body = response.json() as { message?: unknown; details?: Record<string, unknown> };
    expect(String(body.message ?? "").length).toBeGreaterThan(0);
    expect(Object.keys(body.details ?? {})).toHaveLength(1);
    expect(identitySnapshot()).toEqual(identityBefore);
  }

  test("covers every identity endpoint with many cases", () => {
    expect(idCases.length).toBeGreaterThan(300);
  });

  test.each(idCases)(
    "$endpoint.name: $name -> $code, nothing changed",
    async ({ endpoint, payload, code }) => {
      // Limits are not what this sweep is about: no case may be refused for the ones before it.
      m.db.prepare("DELETE FROM rate_limits").run();
      const response = await m.app.inject({
        method: "POST",
        url: endpoint.url,
        headers: { authorization: await tokenFor(endpoint), "content-type": "application/json" },
        payload,
      });
      expect(reasonOf(response)).toBe(code);
      expectIdentityRefused(response);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  );

  test.each(IDENTITY_ENDPOINTS)("$name: a body over 1 MiB is 413", async (endpoint) => {
    const response = await m.app.inject({
      method: "POST",
      url: endpoint.url,
      headers: { authorization: await tokenFor(endpoint), "content-type": "application/json" },
      payload: JSON.stringify({ ...endpoint.base, pad: "x".repeat(1_100_000) }),
    });
    expect(response.statusCode).toBe(413);
    expectIdentityRefused(response, "PAYLOAD_TOO_LARGE");
  });

  test("a member's change-password with junk is refused by the password rules", async () => {
    for (const value of JUNK.filter((junk) => !goodPassword(junk))) {
      const response = await m.app.inject({
        method: "POST",
        url: "/_api/iam/authentication/v2/change-password",
        headers: { authorization: memberToken },
        payload: { newPassword: value },
      });
      expect(violatedFields(response)).toEqual(["newPassword"]);
      expectIdentityRefused(response);
    }
  });

  const LOGOUTS = [
    "?postLogoutRedirectUri=https%3A%2F%2Fevil.example%2F",
    "?postLogoutRedirectUri=javascript%3Aalert(1)",
    "?postLogoutRedirectUri=%2F%2Fevil.example",
    "?clientId=someone-else",
    "?postLogoutRedirectUri=a&postLogoutRedirectUri=b",
  ];
  test.each(LOGOUTS)("logout %s -> 4xx", async (query) => {
    const response = await m.app.inject({
      method: "GET",
      url: `/_api/iam/authentication/v1/logout${query}`,
    });
    expectIdentityRefused(
      response,
      query.startsWith("?clientId") ? "INVALID_CLIENT" : "REDIRECT_URI_NOT_ALLOWED",
    );
  });

  const PAGE_POSTS = [
    "/members/sign-in",
    "/members/sign-up",
    "/members/verify-email",
    "/members/resend-code",
    "/members/second-factor",
    "/members/forgot-password",
    "/members/reset-password",
    "/members/continue",
  ];
  const FORMS = [
    "",
    "session=x&email=%00&password=",
    "email=a&email=b&password=x&password=y",
    `email=${"x".repeat(5000)}`,
    "stateToken=st&code=%3Cscript%3E",
    "token=forged&password=a%20good%20password",
    "%%%",
  ];
  const pageCases = PAGE_POSTS.flatMap((url) => FORMS.map((form) => ({ url, form })));

  test.each(pageCases)(
    "page POST $url with $form: no 5xx, no script echoed, nothing changed",
    async ({ url, form }) => {
      const response = await m.app.inject({
        method: "POST",
        url,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: form,
      });
      expect(response.statusCode).toBeLessThan(500);
      expect(response.body).not.toContain("<script>alert");
      expect(response.headers.location ?? "").not.toMatch(/^https?:\/\/(?!localhost)/);
      expect(identitySnapshot()).toEqual(identityBefore);
    },
  );

  const PAGE_GETS = [
    "/members/authorize",
    "/members/authorize?session=",
    "/members/authorize?session=x&session=y",
    `/members/authorize?session=${"x".repeat(5000)}`,
    "/members/reset-password?token=forged",
    "/members/reset-password",
  ];
  test.each(PAGE_GETS)("GET %s -> an error page, no redirect", async (url) => {
    const response = await m.app.inject({ method: "GET", url });
    expect(response.statusCode).toBe(400);
    expect(response.headers.location).toBeUndefined();
    expect(identitySnapshot()).toEqual(identityBefore);
  });
});
