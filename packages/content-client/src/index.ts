export type {
  AggregateDataItemsRequest,
  AggregateResult,
  AggregationOperation,
  CountDataItemsRequest,
  DistinctValuesResult,
  PagingChoice,
  QueryDistinctValuesRequest,
} from "./aggregate-types.ts";
export {
  DEFAULT_TOKEN_STORAGE_KEY,
  localStorageTokenStore,
  memoryTokenStore,
  TokenRole,
  type TokenStorage,
  type TokenStore,
  type Tokens,
} from "./auth/token-store.ts";
export type { AuthApi } from "./auth/visitor-tokens.ts";
export { base64ToBytes, bytesToBase64 } from "./base64.ts";
export type {
  BulkActionMetadata,
  BulkActionType,
  BulkDataItemResult,
  BulkDataItemsResult,
  BulkItemError,
  BulkRemoveDataItemsRequest,
  BulkUpdateDataItemsRequest,
  BulkWriteDataItemsRequest,
  ItemMetadata,
} from "./bulk-types.ts";
export { type ContentClient, type ContentClientOptions, createContentClient } from "./client.ts";
export {
  ContentStoreError,
  type ContentStoreErrorCode,
  ErrorCode,
  type ErrorDetails,
  type FieldViolation,
  HttpError,
  isContentStoreError,
  isHttpError,
  NetworkError,
  type RequestTarget,
  ResponseShapeError,
  StoreErrorCode,
  TimeoutError,
} from "./errors.ts";
export {
  fromGeneratedResponse,
  type GeneratedSchema,
  toGeneratedRequest,
} from "./generated-transforms.ts";
export type {
  GraphQLCall,
  GraphQLErrorEntry,
  GraphQLOptions,
  GraphQLResult,
} from "./graphql.ts";
export type {
  DataItemInput,
  DataItemWithId,
  GetDataItemRequest,
  IncludeReference,
  InsertDataItemRequest,
  Item,
  ReadOptions,
  RemoveDataItemRequest,
  SaveAction,
  SaveDataItemRequest,
  SaveResult,
  TruncateDataItemsRequest,
  UpdateDataItemRequest,
  WriteCondition,
} from "./item-types.ts";
export type { ItemsApi } from "./items.ts";
export type { BulkApi } from "./items-bulk.ts";
export type { ReadApi } from "./items-read.ts";
export type { ReferencesApi } from "./items-references.ts";
export type { WriteApi } from "./items-write.ts";
export type {
  BulkReferenceResult,
  BulkReferencesRequest,
  BulkReferencesResult,
  DataItemReference,
  DataItemReferenceRequest,
  IsReferencedRequest,
  QueryReferencedRequest,
  QueryReferencedResult,
  ReferencedResult,
  ReplaceReferencesRequest,
} from "./reference-types.ts";
export type { StoreCall, StoreCallRequest } from "./store-call.ts";
export type {
  ComparableValue,
  CursorPaging,
  DataItem,
  DataQuery,
  FieldFilter,
  FieldOperators,
  Filter,
  FilterValue,
  Paging,
  PagingMetadata,
  QueryDataItemsRequest,
  QueryResult,
  Sort,
  SortOrder,
  SystemFields,
} from "./types.ts";
