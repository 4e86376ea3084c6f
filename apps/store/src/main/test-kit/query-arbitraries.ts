/**
 * @module fast-check generators for the query language's property tests: documents with tricky
 * values (case folding, astral characters, NUL, dates, mixed kinds), filters over them and sorts.
 * Shared by the SQLite and PostgreSQL agreement tests so both face the same cases.
 */
import fc from "fast-check";

export const FIELDS = ["a", "b", "c.d", "tags"];
const TRICKY_STRINGS = [
  "",
  "a",
  "A",
  "ab",
  "aB",
  "é",
  "É",
  "ß",
  "SS",
  "İ",
  "i̇",
  "😀",
  "\u0000",
  "'",
  '"',
  "%_",
  "Ω",
  "ω",
];
const DATES = [
  "2024-01-01T00:00:00.000Z",
  "2024-01-01T01:00:00.000+01:00",
  "2024-06-01T12:30:00Z",
  "1999-12-31T23:59:59.999Z",
];

export const stringValue = fc.oneof(
  fc.constantFrom(...TRICKY_STRINGS),
  fc.string({ unit: "grapheme", maxLength: 4 }),
  fc.string({ unit: "binary", maxLength: 3 }),
);
export const numberValue = fc.oneof(
  fc.integer({ min: -3, max: 3 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0.1, 0.2, 0.30000000000000004, 1e21, -0),
);
const dateValue = fc.constantFrom(...DATES).map((iso) => ({ $date: iso }));
const scalar = fc.oneof(stringValue, numberValue, fc.boolean(), dateValue);
const fieldValue = fc.oneof(
  scalar,
  fc.constant(null),
  fc.array(scalar, { maxLength: 3 }),
  fc.record({ d: scalar }),
  fc.constant({ $date: "not a date" }),
);
export const documentArb = fc.dictionary(fc.constantFrom("a", "b", "c", "tags"), fieldValue, {
  maxKeys: 4,
});

export const field = fc.constantFrom(...FIELDS);
const leaf = fc.oneof(
  fc.record({ f: field, v: fc.oneof(scalar, fc.constant(null)) }).map(({ f, v }) => ({ [f]: v })),
  fc
    .record({
      f: field,
      op: fc.constantFrom("$eq", "$ne", "$gt", "$gte", "$lt", "$lte"),
      v: scalar,
    })
    .map(({ f, op, v }) => ({ [f]: { [op]: v } })),
  fc
    .record({
      f: field,
      op: fc.constantFrom("$in", "$hasSome", "$hasAll"),
      v: fc.array(scalar, { maxLength: 3 }),
    })
    .map(({ f, op, v }) => ({ [f]: { [op]: v } })),
  fc
    .record({
      f: field,
      op: fc.constantFrom("$startsWith", "$endsWith", "$contains"),
      v: stringValue,
    })
    .map(({ f, op, v }) => ({ [f]: { [op]: v } })),
  fc.record({ f: field, v: fc.boolean() }).map(({ f, v }) => ({ [f]: { $exists: v } })),
);
export const filterArb = fc.letrec<{ filter: unknown }>((tie) => ({
  filter: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.array(tie("filter"), { maxLength: 3 }).map((nodes) => ({ $and: nodes })),
    fc.array(tie("filter"), { maxLength: 3 }).map((nodes) => ({ $or: nodes })),
    tie("filter").map((node) => ({ $not: [node] })),
  ),
})).filter;
export const sortArb = fc.array(
  fc.record({
    path: field.map((f) => f.split(".")),
    order: fc.constantFrom("ASC" as const, "DESC" as const),
  }),
  { maxLength: 2 },
);

/** A range and a sort on the same field, with an optional further filter. */
export const rangeThenSortArb = fc.record({
  f: field,
  op: fc.constantFrom("$gt", "$gte", "$lt", "$lte"),
  v: fc.oneof(stringValue, numberValue),
  order: fc.constantFrom("ASC" as const, "DESC" as const),
  rest: fc.option(filterArb, { nil: undefined }),
});

/** A property's run count: `STORE_PROPERTY_RUNS` overrides the default for a longer shake-out. */
export function propertyRuns(defaultRuns: number): number {
  const override = Number(process.env.STORE_PROPERTY_RUNS);
  return Number.isInteger(override) && override > 0 ? override : defaultRuns;
}
