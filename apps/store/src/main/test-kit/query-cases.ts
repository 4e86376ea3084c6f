/**
 * One table of documents, filters and sorts with their expected results. The evaluator and the
 * SQL compiler are both tested against it, so they cannot disagree on these cases.
 */
export const CASE_DOCUMENTS: Record<string, unknown>[] = [
  {
    _id: "a",
    title: "Hello World",
    n: 1,
    tags: ["x", "y"],
    flag: true,
    when: { $date: "2024-01-01T00:00:00.000Z" },
    nested: { city: "Paris", zip: 75001 },
    text: "Straße",
    s: "Text",
  },
  {
    _id: "b",
    title: "hello there",
    n: 2.5,
    tags: ["y"],
    flag: false,
    when: { $date: "2024-06-01T00:00:00.000Z" },
    nested: { city: "Berlin" },
    text: "ÉCOLE",
    s: "text",
  },
  {
    _id: "c",
    title: "Another",
    n: "3",
    tags: "x",
    nullable: null,
    when: "2024-03-01T00:00:00.000Z",
    s: "Zebra",
  },
  { _id: "d", n: 10, nested: "flat", "we'ird; field": "--", 'a"b': 1, emoji: "😀 party" },
  { _id: "e", title: "", n: -1, tags: [], flag: 1, nul: "\u0000x" },
];

export type FilterCase = { name: string; filter: unknown; ids: string[] };

const ALL = ["a", "b", "c", "d", "e"];
const date = (iso: string) => ({ $date: iso });

export const FILTER_CASES: FilterCase[] = [
  { name: "empty filter matches everything", filter: {}, ids: ALL },
  { name: "shorthand equality", filter: { title: "Hello World" }, ids: ["a"] },
  { name: "equality is case-sensitive", filter: { title: "hello world" }, ids: [] },
  { name: "$eq on numbers", filter: { n: { $eq: 1 } }, ids: ["a"] },
  { name: "a number never equals a numeric string", filter: { n: 3 }, ids: [] },
  { name: "a string never equals a number", filter: { n: "3" }, ids: ["c"] },
  { name: "equality with null matches missing and null", filter: { title: null }, ids: ["d"] },
  { name: "null equality matches a stored null", filter: { nullable: { $eq: null } }, ids: ALL },
  {
    name: "$ne null means has a value, even empty",
    filter: { title: { $ne: null } },
    ids: ["a", "b", "c", "e"],
  },
  {
    name: "$ne excludes arrays holding the value",
    filter: { tags: { $ne: "x" } },
    ids: ["b", "d", "e"],
  },
  { name: "equality matches any array element", filter: { tags: "y" }, ids: ["a", "b"] },
  { name: "$gt compares numbers only", filter: { n: { $gt: 2 } }, ids: ["b", "d"] },
  { name: "$gt excludes the bound", filter: { n: { $gt: 2.5 } }, ids: ["d"] },
  { name: "$gte includes the bound", filter: { n: { $gte: 2.5 } }, ids: ["b", "d"] },
  { name: "$lt on numbers", filter: { n: { $lt: 1 } }, ids: ["e"] },
  { name: "$lte includes the bound", filter: { n: { $lte: 1 } }, ids: ["a", "e"] },
  { name: "strings order by code point", filter: { s: { $gt: "Text" } }, ids: ["b", "c"] },
  { name: "upper case sorts before lower case", filter: { s: { $lt: "a" } }, ids: ["a", "c"] },
  { name: "boolean equality", filter: { flag: true }, ids: ["a"] },
  { name: "booleans order false before true", filter: { flag: { $gt: false } }, ids: ["a"] },
  { name: "a number never equals a boolean", filter: { flag: 1 }, ids: ["e"] },
  {
    name: "dates compare chronologically",
    filter: { when: { $gt: date("2024-02-01T00:00:00.000Z") } },
    ids: ["b"],
  },
  { name: "$lt on dates", filter: { when: { $lt: date("2024-02-01T00:00:00.000Z") } }, ids: ["a"] },
  {
    name: "date equality across time zones",
    filter: { when: date("2024-01-01T01:00:00.000+01:00") },
    ids: ["a"],
  },
  { name: "a date string is not a date", filter: { when: "2024-03-01T00:00:00.000Z" }, ids: ["c"] },
  { name: "$in with mixed types", filter: { n: { $in: [1, 10, "3"] } }, ids: ["a", "c", "d"] },
  { name: "$in matches array elements", filter: { tags: { $in: ["x"] } }, ids: ["a", "c"] },
  { name: "$in with no values matches nothing", filter: { n: { $in: [] } }, ids: [] },
  {
    name: "$in with dates",
    filter: { when: { $in: [date("2024-06-01T00:00:00.000Z")] } },
    ids: ["b"],
  },
  { name: "$hasSome", filter: { tags: { $hasSome: ["y", "z"] } }, ids: ["a", "b"] },
  { name: "$hasAll needs every value", filter: { tags: { $hasAll: ["x", "y"] } }, ids: ["a"] },
  { name: "$hasAll with one value", filter: { tags: { $hasAll: ["y"] } }, ids: ["a", "b"] },
  { name: "$hasAll with no values matches nothing", filter: { tags: { $hasAll: [] } }, ids: [] },
  {
    name: "$startsWith ignores case",
    filter: { title: { $startsWith: "HELLO" } },
    ids: ["a", "b"],
  },
  {
    name: "$startsWith empty matches every string",
    filter: { title: { $startsWith: "" } },
    ids: ["a", "b", "c", "e"],
  },
  { name: "$endsWith ignores case", filter: { title: { $endsWith: "WORLD" } }, ids: ["a"] },
  {
    name: "$endsWith empty matches every string",
    filter: { title: { $endsWith: "" } },
    ids: ["a", "b", "c", "e"],
  },
  { name: "$contains ignores case", filter: { title: { $contains: "O" } }, ids: ["a", "b", "c"] },
  { name: "$contains folds non-ASCII case", filter: { text: { $contains: "école" } }, ids: ["b"] },
  { name: "$startsWith on non-ASCII", filter: { text: { $startsWith: "STRAß" } }, ids: ["a"] },
  {
    name: "$endsWith counts astral characters once",
    filter: { emoji: { $startsWith: "😀 P" } },
    ids: ["d"],
  },
  {
    name: "$startsWith with a NUL character",
    filter: { nul: { $startsWith: "\u0000" } },
    ids: ["e"],
  },
  { name: "$endsWith after a NUL character", filter: { nul: { $endsWith: "X" } }, ids: ["e"] },
  { name: "string operators skip non-strings", filter: { n: { $contains: "3" } }, ids: ["c"] },
  {
    name: "$exists true includes null values",
    filter: { nullable: { $exists: true } },
    ids: ["c"],
  },
  { name: "$exists false", filter: { title: { $exists: false } }, ids: ["d"] },
  { name: "nested field path", filter: { "nested.city": "Paris" }, ids: ["a"] },
  {
    name: "nested path through a non-object is missing",
    filter: { "nested.city": { $exists: true } },
    ids: ["a", "b"],
  },
  { name: "nested numeric comparison", filter: { "nested.zip": { $gt: 75000 } }, ids: ["a"] },
  { name: "$and", filter: { $and: [{ n: { $gt: 0 } }, { flag: true }] }, ids: ["a"] },
  { name: "$or", filter: { $or: [{ n: 1 }, { n: 10 }] }, ids: ["a", "d"] },
  { name: "empty $or matches nothing", filter: { $or: [] }, ids: [] },
  { name: "empty $and matches everything", filter: { $and: [] }, ids: ALL },
  {
    name: "$not with a one-element array",
    filter: { $not: [{ n: { $gt: 2 } }] },
    ids: ["a", "c", "e"],
  },
  { name: "$not with an object", filter: { $not: { n: { $gt: 2 } } }, ids: ["a", "c", "e"] },
  { name: "$not inside a field", filter: { n: { $not: { $gt: 2 } } }, ids: ["a", "c", "e"] },
  { name: "$not of $exists", filter: { $not: [{ title: { $exists: true } }] }, ids: ["d"] },
  {
    name: "several fields are ANDed",
    filter: { title: { $startsWith: "h" }, n: { $gt: 2 } },
    ids: ["b"],
  },
  {
    name: "several operators on one field are ANDed",
    filter: { n: { $gte: 1, $lt: 10 } },
    ids: ["a", "b"],
  },
  { name: "SQL metacharacters in a field name", filter: { "we'ird; field": "--" }, ids: ["d"] },
  { name: "a double quote in a field name", filter: { 'a"b': 1 }, ids: ["d"] },
  { name: "SQL metacharacters in a value", filter: { title: "' OR 1=1 --" }, ids: [] },
  {
    name: "$matches ignoring case",
    filter: {
      title: {
        $matches: {
          ignoreCase: true,
          spec: [
            { type: "literal", value: "hello" },
            { type: "anyOf", value: " -" },
            { type: "literal", value: "WORLD" },
          ],
        },
      },
    },
    ids: ["a"],
  },
  {
    name: "$matches is case-sensitive unless asked",
    filter: {
      title: {
        $matches: {
          ignoreCase: false,
          spec: [
            { type: "literal", value: "hello" },
            { type: "anyOf", value: " " },
            { type: "literal", value: "there" },
          ],
        },
      },
    },
    ids: ["b"],
  },
  {
    name: "a number range skips booleans (SQLite reads them as 1 and 0)",
    filter: { flag: { $gte: 0 } },
    ids: ["e"],
  },
  {
    name: "a string range skips arrays (their JSON text sorts among strings)",
    filter: { tags: { $gte: "[" } },
    ids: ["c"],
  },
  {
    name: "equality with an array's JSON text matches no array",
    filter: { tags: '["x","y"]' },
    ids: [],
  },
  {
    name: "$in mixing kinds on an array field",
    filter: { tags: { $in: ["y", 5] } },
    ids: ["a", "b"],
  },
  {
    name: "captured SDK filter shape",
    filter: {
      $or: [
        { $and: [{ tags: { $hasSome: ["x"] } }, { n: { $in: [1, 2] } }, { title: { $ne: null } }] },
        { n: 10 },
      ],
    },
    ids: ["a", "d"],
  },
];

export type SortCase = {
  name: string;
  sort: { fieldName: string; order?: "ASC" | "DESC" }[];
  ids: string[];
};

export const SORT_CASES: SortCase[] = [
  { name: "no sort keeps insertion order", sort: [], ids: ALL },
  {
    name: "ascending numbers, other types by type rank",
    sort: [{ fieldName: "n", order: "ASC" }],
    ids: ["e", "a", "b", "d", "c"],
  },
  {
    name: "descending reverses the order",
    sort: [{ fieldName: "n", order: "DESC" }],
    ids: ["c", "d", "b", "a", "e"],
  },
  {
    name: "missing values rank lowest",
    sort: [{ fieldName: "title" }],
    ids: ["d", "e", "c", "a", "b"],
  },
  {
    name: "dates after strings, chronological",
    sort: [{ fieldName: "when" }],
    ids: ["d", "e", "c", "a", "b"],
  },
  {
    name: "second key breaks ties",
    sort: [
      { fieldName: "flag", order: "ASC" },
      { fieldName: "n", order: "DESC" },
    ],
    ids: ["c", "d", "b", "a", "e"],
  },
  {
    name: "nested field",
    sort: [{ fieldName: "nested.city", order: "DESC" }],
    ids: ["a", "b", "c", "d", "e"],
  },
];

export type FilterSortCase = FilterCase & SortCase;

/** Filter and sort together: a range on the sorted field lets a declared field sort by index. */
export const FILTER_SORT_CASES: FilterSortCase[] = [
  {
    name: "a number range sorted ascending",
    filter: { n: { $gte: 1 } },
    sort: [{ fieldName: "n", order: "ASC" }],
    ids: ["a", "b", "d"],
  },
  {
    name: "a number range sorted descending",
    filter: { n: { $lt: 5 } },
    sort: [{ fieldName: "n", order: "DESC" }],
    ids: ["b", "a", "e"],
  },
  {
    name: "a string range sorted by code point",
    filter: { s: { $gte: "T" } },
    sort: [{ fieldName: "s" }],
    ids: ["a", "c", "b"],
  },
  {
    name: "a string range sorted descending, the empty string last",
    filter: { title: { $gte: "" } },
    sort: [{ fieldName: "title", order: "DESC" }],
    ids: ["b", "a", "c", "e"],
  },
  {
    name: "a range on one field, sorted by another",
    filter: { n: { $gt: 0 } },
    sort: [{ fieldName: "title" }],
    ids: ["d", "a", "b"],
  },
];

/** Fields a collection declares when the tables above run against declared fields. */
export const DECLARED_CASE_FIELDS: { field: string; type: "string" | "number" }[] = [
  { field: "title", type: "string" },
  { field: "n", type: "number" },
  { field: "tags", type: "string" },
  { field: "flag", type: "number" },
  { field: "when", type: "string" },
  { field: "s", type: "string" },
  { field: "nested.city", type: "string" },
  { field: "nullable", type: "string" },
];
