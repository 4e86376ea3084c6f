/**
 * Error codes the client itself produces; `HttpError.code` may also hold the store's own
 * application code (for example `WDE0073`) or another constant-cased HTTP status text.
 */
export const ErrorCode = {
  NETWORK: "NETWORK",
  TIMEOUT: "TIMEOUT",
  SERVER: "SERVER",
  INVALID_ARGUMENT: "INVALID_ARGUMENT",
  BAD_REQUEST: "BAD_REQUEST",
  UNAUTHORIZED: "UNAUTHORIZED",
  FORBIDDEN: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  CONFLICT: "CONFLICT",
  PAYLOAD_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  TOO_MANY_REQUESTS: "TOO_MANY_REQUESTS",
} as const;

/**
 * Application codes of the data-items protocol (docs/protocol.md §5.1) by name, for callers that
 * act on them: `error.code === StoreErrorCode.CONDITION_NOT_MET`.
 */
export const StoreErrorCode = {
  /** The collection does not exist. */
  COLLECTION_NOT_FOUND: "WDE0025",
  /** The caller may not do this on the collection. */
  PERMISSION_DENIED: "WDE0027",
  /** The item does not exist (get, update, remove). */
  ITEM_NOT_FOUND: "WDE0073",
  /** An item with that id exists (insert). */
  ITEM_ALREADY_EXISTS: "WDE0074",
  /** The stored item does not match the write's `condition`; `data.currentItem` is what is stored. */
  CONDITION_NOT_MET: "WDE0080",
  /** The request body is too large. */
  PAYLOAD_TOO_LARGE: "WDE0109",
} as const;

/** One of the codes in {@link ErrorCode}. */
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** A known {@link ErrorCode} or an application code sent by the store. */
// `string & {}` keeps editor completion for the known codes while accepting any server code.
export type ContentStoreErrorCode = ErrorCode | (string & {});

/** The method and URL of the request that failed. */
export interface RequestTarget {
  method: string;
  url: string;
}

/** One field violation of a validation error body (docs/protocol.md §5.1). */
export interface FieldViolation {
  field: string;
  description: string;
  violatedRule?: string;
  ruleName?: string | null;
  data?: unknown;
}

/** The `details` of an error body: at most one of the three kinds (docs/protocol.md §5.1). */
export interface ErrorDetails {
  applicationError?: { code?: string; description?: string; data?: unknown };
  validationError?: { fieldViolations?: FieldViolation[] };
  systemError?: { errorCode?: string };
}

type ContentStoreErrorName = "ContentStoreError" | "HttpError" | "NetworkError" | "TimeoutError";

/** Base class of every error the client throws for a failed call to the store. */
export class ContentStoreError extends Error {
  override readonly name: ContentStoreErrorName = "ContentStoreError";
  /** What went wrong, as a stable code. */
  readonly code: ContentStoreErrorCode;

  constructor(message: string, code: ContentStoreErrorCode, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/** Fields of an {@link HttpError}, computed from the response by the request core. */
export interface HttpErrorInit {
  message: string;
  code: ContentStoreErrorCode;
  status: number;
  details: ErrorDetails | null;
  description: string | undefined;
  data: unknown;
  requestId: string | null;
  request: RequestTarget;
}

/**
 * Thrown when the store answers with any status other than exactly 200.
 *
 * @example
 * ```ts
 * try {
 *   await client.items.query({ dataCollectionId: "HomePage" });
 * } catch (error) {
 *   if (isHttpError(error) && error.code === ErrorCode.NOT_FOUND) showEmptyState();
 * }
 * ```
 */
export class HttpError extends ContentStoreError {
  override readonly name = "HttpError" as const;
  /** HTTP status of the response. */
  readonly status: number;
  /** The body's `details` object, or `null` when it has none. */
  readonly details: ErrorDetails | null;
  /** The application error's description, when the body carries one. */
  readonly description: string | undefined;
  /** The application error's `data` when the body carries one, else the parsed body (`null` if empty or not JSON). */
  readonly data: unknown;
  /** Value of the `X-Wix-Request-Id` response header, or `null`. */
  readonly requestId: string | null;
  /** The request that failed. */
  readonly request: RequestTarget;

  constructor(init: HttpErrorInit) {
    super(init.message, init.code);
    this.status = init.status;
    this.details = init.details;
    this.description = init.description;
    this.data = init.data;
    this.requestId = init.requestId;
    this.request = init.request;
  }
}

/** Thrown when the request never got a response (offline, DNS, CORS, refused connection); `cause` holds the original error. */
export class NetworkError extends ContentStoreError {
  override readonly name = "NetworkError" as const;
  /** The request that failed. */
  readonly request: RequestTarget;

  constructor(request: RequestTarget, cause: unknown) {
    super(
      `Network error on ${request.method} ${request.url}: ${describe(cause)}`,
      ErrorCode.NETWORK,
      {
        cause,
      },
    );
    this.request = request;
  }
}

/** Thrown when a request takes longer than `timeoutMs`; `cause` holds the abort error. */
export class TimeoutError extends ContentStoreError {
  override readonly name = "TimeoutError" as const;
  /** The request that timed out. */
  readonly request: RequestTarget;

  constructor(request: RequestTarget, timeoutMs: number, cause: unknown) {
    super(
      `Request timed out after ${timeoutMs} ms: ${request.method} ${request.url}`,
      ErrorCode.TIMEOUT,
      {
        cause,
      },
    );
    this.request = request;
  }
}

/**
 * Thrown when a 200 response's body is not the expected shape.
 *
 * It is deliberately not a {@link ContentStoreError}: it signals a store or client bug, not a
 * failure a caller should handle like an HTTP error.
 */
export class ResponseShapeError extends Error {
  override readonly name = "ResponseShapeError" as const;
  /** The request whose response was malformed. */
  readonly request: RequestTarget;
  /** The parsed body, or the raw text when it was not JSON. */
  readonly data: unknown;

  constructor(
    request: RequestTarget,
    expected: string,
    data: unknown,
    options?: { cause?: unknown },
  ) {
    super(
      `Unexpected response from ${request.method} ${request.url}: expected ${expected}`,
      options,
    );
    this.request = request;
    this.data = data;
  }
}

const CONTENT_STORE_ERROR_NAMES: ReadonlySet<string> = new Set<ContentStoreErrorName>([
  "ContentStoreError",
  "HttpError",
  "NetworkError",
  "TimeoutError",
]);

/**
 * Tells whether a value is a {@link ContentStoreError}, also across bundles and realms (it checks `name`).
 *
 * @example
 * ```ts
 * if (isContentStoreError(error)) console.warn(error.code);
 * ```
 */
export function isContentStoreError(error: unknown): error is ContentStoreError {
  return (
    error instanceof ContentStoreError ||
    (isObjectWithName(error) && CONTENT_STORE_ERROR_NAMES.has(error.name) && "code" in error)
  );
}

/**
 * Tells whether a value is an {@link HttpError}, also across bundles and realms (it checks `name`).
 *
 * @example
 * ```ts
 * if (isHttpError(error) && error.status === 404) return null;
 * ```
 */
export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError || (isObjectWithName(error) && error.name === "HttpError");
}

// `instanceof Error` fails for errors from another realm (an iframe), so only the shape is checked.
function isObjectWithName(value: unknown): value is { name: string } {
  return (
    typeof value === "object" && value !== null && "name" in value && typeof value.name === "string"
  );
}

function describe(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
