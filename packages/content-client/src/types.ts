/** A value a filter compares a field with (docs/protocol.md §3.1); a `Date` is `{"$date": iso}`. */
export type FilterValue = string | number | boolean | Date | null;

/** A value the ordering operators accept. */
export type ComparableValue = string | number | boolean | Date;

/** Operators on one field (docs/protocol.md §3.1); several operators on one field are ANDed. */
export interface FieldOperators {
  /** Equal; strings are case-sensitive, `null` matches a missing value. */
  $eq?: FilterValue;
  /** Not equal; `{"$ne": null}` matches any present value. */
  $ne?: FilterValue;
  /** Greater than. */
  $gt?: ComparableValue;
  /** Greater than or equal. */
  $gte?: ComparableValue;
  /** Less than. */
  $lt?: ComparableValue;
  /** Less than or equal. */
  $lte?: ComparableValue;
  /** The field equals one of the values. */
  $in?: readonly ComparableValue[];
  /** The field (array or scalar) contains any of the values. */
  $hasSome?: readonly (string | number | Date)[];
  /** The field array contains every one of the values. */
  $hasAll?: readonly (string | number | Date)[];
  /** Case-insensitive prefix match. */
  $startsWith?: string;
  /** Case-insensitive suffix match. */
  $endsWith?: string;
  /** Case-insensitive substring match. */
  $contains?: string;
  /** The field is present (`true`) or absent (`false`). */
  $exists?: boolean;
  /** Negates the operators inside. */
  $not?: FieldOperators;
}

/** The condition on one field: a value (equality shorthand) or operators. */
export type FieldFilter = FilterValue | FieldOperators;

/**
 * A query filter: keys are field names (dot notation reaches into objects) or the logical operators
 * `$and`, `$or`, `$not`; several keys are ANDed, and `{}` matches everything.
 *
 * @example
 * ```ts
 * const filter: Filter = { title_fld: "MainTitle", _createdDate: { $gt: new Date("2024-01-01") } };
 * const either: Filter = { $or: [{ order: { $lt: 3 } }, { order: { $exists: false } }] };
 * ```
 */
export type Filter = { [field: string]: FieldFilter | readonly Filter[] } & {
  /** Every sub-filter matches. */
  $and?: readonly Filter[];
  /** At least one sub-filter matches. */
  $or?: readonly Filter[];
  /** The (single) sub-filter does not match. */
  $not?: readonly Filter[];
};

/** Sort direction. */
export type SortOrder = "ASC" | "DESC";

/** One sort key; a missing `order` means ascending. */
export interface Sort {
  fieldName: string;
  order?: SortOrder;
}

/** Offset paging; the client fills in limit 50 and offset 0 when they are left out. */
export interface Paging {
  limit?: number;
  offset?: number;
}

/** Cursor paging; the first page has no cursor, later pages pass `pagingMetadata.cursors.next`. */
export interface CursorPaging {
  limit?: number;
  cursor?: string;
}

interface QueryBase {
  /** Which items to return; omitted or `{}` returns all. */
  filter?: Filter;
  /** Sort keys, most significant first. */
  sort?: Sort[];
  /** Fields to return (`_id` always comes back); omitted or empty returns all fields. */
  fields?: string[];
}

/** The query part of a request: offset paging or cursor paging, never both. */
export type DataQuery =
  | (QueryBase & { paging?: Paging; cursorPaging?: never })
  | (QueryBase & { cursorPaging: CursorPaging; paging?: never });

/** The request of `items.query` (docs/protocol.md §2.3). */
export interface QueryDataItemsRequest {
  /** The collection to read, for example `"HomePage"`. */
  dataCollectionId: string;
  /** Filter, sort, paging and projection. */
  query?: DataQuery;
  /** Ask for `pagingMetadata.total` (offset paging only). */
  returnTotalCount?: boolean;
  /** Read from the primary, so a write made just before is seen. */
  consistentRead?: boolean;
}

/** Fields the store adds to every item's data. */
export interface SystemFields {
  _id: string;
  _createdDate?: Date;
  _updatedDate?: Date;
}

/** An item as the store sends it: the envelope around the data object. */
export interface DataItem<T = Record<string, unknown>> {
  id: string;
  dataCollectionId: string;
  data: T & SystemFields;
}

/** Paging information of a query result (docs/protocol.md §3.5). */
export interface PagingMetadata {
  /** Items in this page. */
  count?: number;
  /** Offset used (offset paging). */
  offset?: number;
  /** Total matches; only with `returnTotalCount` and offset paging. */
  total?: number;
  /** The store gave up counting. */
  tooManyToCount?: boolean;
  /** Cursors for cursor paging; `null` or absent at the ends. */
  cursors?: { next?: string | null; prev?: string | null };
  /** More results exist. */
  hasNext?: boolean;
}

/** The result of `items.query`. */
export interface QueryResult<T = Record<string, unknown>> {
  /** The items' data objects, with every `{"$date": iso}` turned into a `Date`. */
  items: (T & SystemFields)[];
  /** The items with their envelope (`id`, `dataCollectionId`). */
  dataItems: DataItem<T>[];
  /** Paging information as the store sent it. */
  pagingMetadata: PagingMetadata;
}
