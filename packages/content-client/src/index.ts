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
  TimeoutError,
} from "./errors.ts";
export type { ItemsApi } from "./items.ts";
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
