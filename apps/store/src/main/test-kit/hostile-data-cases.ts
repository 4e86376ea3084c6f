/**
 * @module The data API's endpoints and, for each, bad bodies by the field they spoil: the cases
 * of the hostile-input sweep (routes/hostile-input.test.ts).
 */

export type Endpoint = {
  name: string;
  method: "POST" | "PUT" | "DELETE";
  url: string;
  base: object;
};
/**
 * An unknown collection is 404 (WDE0025); every other bad body is a 400 validation error naming
 * the field the case spoils, so a case refused by another gate first does not pass for this one.
 */
export type Variant = {
  name: string;
  body: unknown;
  status: 400 | 404;
  code: "VALIDATION_FAILED" | "COLLECTION_NOT_FOUND";
  field: string;
};

export const C = "Clients";
export const REF = {
  referringItemFieldName: "clients",
  referringItemId: "s1",
  referencedItemId: "a",
};

export const ENDPOINTS: Endpoint[] = [
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

export const CASES = ENDPOINTS.flatMap((endpoint) =>
  variants(endpoint).map((variant) => ({ endpoint, ...variant })),
);
