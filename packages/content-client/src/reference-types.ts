import type { PagingChoice } from "./aggregate-types.ts";
import type { BulkActionMetadata, BulkActionType, ItemMetadata } from "./bulk-types.ts";
import type { ReadOptions } from "./item-types.ts";
import type { DataItem, PagingMetadata, SortOrder } from "./types.ts";

/** A link from one item's reference field to another item (docs/protocol.md §2.10). */
export interface DataItemReference {
  /** The reference field of the referring item. */
  referringItemFieldName: string;
  referringItemId: string;
  referencedItemId: string;
}

/** The request of `items.isReferenced`. */
export interface IsReferencedRequest extends DataItemReference, ReadOptions {
  dataCollectionId: string;
}

/** The request of `items.insertReference` and `items.removeReference`. */
export interface DataItemReferenceRequest {
  dataCollectionId: string;
  dataItemReference: DataItemReference;
}

/** The request of `items.replaceReferences`: the field ends up referencing exactly these ids. */
export interface ReplaceReferencesRequest {
  dataCollectionId: string;
  referringItemFieldName: string;
  referringItemId: string;
  newReferencedItemIds: string[];
}

/** The request of `items.bulkInsertReferences` and `items.bulkRemoveReferences`. */
export interface BulkReferencesRequest {
  dataCollectionId: string;
  dataItemReferences: DataItemReference[];
  /** Include each reference in its result. */
  returnEntity?: boolean;
}

/** One element of a bulk reference call's result. */
export interface BulkReferenceResult {
  action: BulkActionType;
  referenceMetadata: ItemMetadata;
  dataItemReference?: DataItemReference;
}

/** The result of the bulk reference calls. */
export interface BulkReferencesResult {
  results: BulkReferenceResult[];
  bulkActionMetadata: BulkActionMetadata;
}

/** The request of `items.queryReferenced`; without paging the first 50 are returned. */
export type QueryReferencedRequest = ReadOptions &
  PagingChoice & {
    dataCollectionId: string;
    /** The reference field of the referring item(s). */
    referringItemFieldName: string;
    /** The referring item (the form the SDK sends). */
    referringItemId?: string;
    /** Several referring items at once. */
    referringItemIds?: string[];
    order?: SortOrder;
    returnTotalCount?: boolean;
    /** Fields of the referenced items to return; omitted or empty returns all. */
    fields?: string[];
  };

/** One element of `items.queryReferenced`: a referenced item, or a reference that did not resolve. */
export interface ReferencedResult<T = Record<string, unknown>> {
  dataItem?: DataItem<T>;
  unresolvedReference?: { referringItemId: string; referringItemFieldName: string };
}

/** The result of `items.queryReferenced`. */
export interface QueryReferencedResult<T = Record<string, unknown>> {
  /** The referenced items' data objects (unresolved references left out). */
  items: DataItem<T>["data"][];
  /** The elements as the store sent them. */
  results: ReferencedResult<T>[];
  pagingMetadata: PagingMetadata;
}
