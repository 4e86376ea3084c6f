import type { ReadOptions } from "./item-types.ts";
import type { CursorPaging, Filter, Paging, PagingMetadata, Sort, SortOrder } from "./types.ts";

/** Offset paging or cursor paging, never both. */
export type PagingChoice =
  | { paging?: Paging; cursorPaging?: never }
  | { cursorPaging: CursorPaging; paging?: never };

/** The request of `items.count` (docs/protocol.md §2.7). */
export interface CountDataItemsRequest extends ReadOptions {
  dataCollectionId: string;
  /** Which items to count; omitted counts all. */
  filter?: Filter;
}

/** The request of `items.queryDistinctValues` (docs/protocol.md §2.7). */
export type QueryDistinctValuesRequest = ReadOptions &
  PagingChoice & {
    dataCollectionId: string;
    /** The field whose distinct values are listed. */
    fieldName: string;
    /** Which items to look at; omitted looks at all. */
    filter?: Filter;
    /** Order of the values. */
    order?: SortOrder;
    /** Ask for `pagingMetadata.total` (offset paging only). */
    returnTotalCount?: boolean;
  };

/** The result of `items.queryDistinctValues`. */
export interface DistinctValuesResult<V = unknown> {
  /** The distinct values, `{"$date"}` values turned into `Date`. */
  distinctValues: V[];
  pagingMetadata: PagingMetadata;
}

/** One aggregation: exactly one operator, its result stored under `resultFieldName`. */
export type AggregationOperation = { resultFieldName: string } & (
  | { average: { itemFieldName: string } }
  | { min: { itemFieldName: string } }
  | { max: { itemFieldName: string } }
  | { sum: { itemFieldName: string } }
  | { itemCount: Record<string, never> }
);

/** The request of `items.aggregate` (docs/protocol.md §2.8). */
export type AggregateDataItemsRequest = ReadOptions &
  PagingChoice & {
    dataCollectionId: string;
    /** Filter applied to the items before grouping; omitted means all items. */
    initialFilter?: Filter;
    aggregation: {
      /** Fields to group by; omitted or empty aggregates all items into one result. */
      groupingFields?: string[];
      operations: AggregationOperation[];
    };
    /** Filter applied to the grouped results (the SDK's `having`). */
    finalFilter?: Filter;
    sort?: Sort[];
    returnTotalCount?: boolean;
  };

/** The result of `items.aggregate`: one object per group, keyed by `resultFieldName`, with `_id`. */
export interface AggregateResult<R = Record<string, unknown>> {
  /** Groups as the store sends them: `_id` is an object keyed by grouping field (not unwrapped as the SDK does). */
  results: R[];
  pagingMetadata: PagingMetadata;
}
