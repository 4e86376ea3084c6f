import {
  ErrorCode,
  type ErrorDetails,
  type FieldViolation,
  HttpError,
  type RequestTarget,
} from "./errors.ts";
import { isRecord } from "./is-record.ts";

/** What the request core knows about a non-200 response once its body has been read. */
export interface FailedResponse {
  status: number;
  statusText: string;
  /** The body parsed as JSON, or `null` when it was empty or not JSON. */
  body: unknown;
  requestId: string | null;
  request: RequestTarget;
}

// HTTP/2 responses carry no reason phrase, so `statusText` is often empty in browsers.
const STATUS_TEXTS: Readonly<Record<number, string>> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  410: "Gone",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

/** Builds the {@link HttpError} for a non-200 response, following the rules of docs/protocol.md §5.3 and §5.5. */
export function toHttpError(response: FailedResponse): HttpError {
  const { status, body, requestId, request } = response;
  const statusText = response.statusText || STATUS_TEXTS[status] || `HTTP ${status}`;
  const details = isRecord(body) && isRecord(body.details) ? (body.details as ErrorDetails) : null;
  const bodyMessage = readString(body, "message");
  const common = { status, details, requestId, request };

  const violations = readViolations(details);
  if (violations) {
    const listed = violations
      .sort((a, b) => compareStrings(a.field, b.field))
      .map((violation) => `"${violation.field}" ${violation.description}`);
    return new HttpError({
      ...common,
      message: `INVALID_ARGUMENT: ${listed.join(", ")}`,
      code: ErrorCode.INVALID_ARGUMENT,
      description: undefined,
      data: body,
    });
  }

  const application: unknown = details?.applicationError;
  if (isRecord(application)) {
    const message = bodyMessage ?? statusText;
    const description = readString(application, "description");
    const code = application.code;
    return new HttpError({
      ...common,
      message: description && description !== message ? `${message}: ${description}` : message,
      code:
        typeof code === "string" || typeof code === "number"
          ? String(code)
          : toConstantCase(statusText),
      description,
      data: application.data ?? {},
    });
  }

  if (status >= 400 && status < 500) {
    return new HttpError({
      ...common,
      message: bodyMessage ?? statusText,
      code: toConstantCase(statusText),
      description: undefined,
      data: body,
    });
  }

  return new HttpError({
    ...common,
    message: requestId
      ? `System error occurred, request-id: ${requestId}`
      : "System error occurred",
    code: ErrorCode.SERVER,
    description: undefined,
    data: body,
  });
}

/**
 * Turns a status text into a constant-case code: splits on case changes and non-alphanumerics,
 * upper-cases and joins with `_` (`Not Found` -> `NOT_FOUND`, `Too Many Requests` -> `TOO_MANY_REQUESTS`).
 */
export function toConstantCase(text: string): string {
  const words = text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return words.join("_").toUpperCase();
}

// Returns a fresh, well-formed copy of the violations, or undefined when there is no validation error.
function readViolations(details: ErrorDetails | null): FieldViolation[] | undefined {
  const validation: unknown = details?.validationError;
  if (!isRecord(validation) || !Array.isArray(validation.fieldViolations)) return undefined;
  return validation.fieldViolations.filter(isRecord).map((violation) => ({
    ...violation,
    field: String(violation.field ?? ""),
    description: String(violation.description ?? ""),
  }));
}

function readString(value: unknown, key: string): string | undefined {
  const field = isRecord(value) ? value[key] : undefined;
  return typeof field === "string" && field !== "" ? field : undefined;
}

// Code-unit order, like the server's string comparison; localeCompare would depend on the locale.
function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
