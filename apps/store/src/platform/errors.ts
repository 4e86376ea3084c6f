/**
 * @module Application errors: handlers throw `ApiError` with a code of the catalogue
 * (error-catalogue.ts); the error handler renders protocol bodies (docs/protocol.md §5.1).
 */

import { type CatalogueEntry, ERROR_CATALOGUE } from "./error-catalogue.ts";

export { ERROR_CATALOGUE };

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** Rule names of a field violation, as the Wix platform spells them. */
export type ViolatedRule =
  | "REQUIRED_FIELD"
  | "FORMAT"
  | "MIN"
  | "MAX"
  | "MAX_SIZE"
  | "INVALID_ENUM_VALUE"
  | "FIELD_NOT_ALLOWED"
  | "OTHER";

export type FieldViolation = {
  field: string;
  description: string;
  violatedRule: ViolatedRule;
  ruleName?: string | null;
  data: Record<string, unknown>;
};

/** An error with a catalogue code; rendered as an application or validation error body. */
export class ApiError extends Error {
  /** The catalogue name, what code compares. */
  readonly code: ErrorCode;
  /** The code in the body clients receive (`WDE0080` for `ITEM_CONDITION_FAILED`). */
  readonly wireCode: string;
  readonly status: number;
  readonly data: Record<string, unknown>;
  readonly violations: readonly FieldViolation[];

  constructor(
    code: ErrorCode,
    args: readonly (string | number)[] = [],
    options: { data?: Record<string, unknown>; violations?: readonly FieldViolation[] } = {},
  ) {
    const entry: CatalogueEntry = ERROR_CATALOGUE[code];
    super(formatMessage(entry.message, args));
    this.name = "ApiError";
    this.code = code;
    this.wireCode = entry.wireCode ?? code;
    this.status = entry.status;
    this.data = options.data ?? {};
    this.violations = options.violations ?? [];
  }
}

/** Throws a 400 validation error listing every violation. */
export function validationError(
  violations: readonly FieldViolation[],
  message = "invalid request",
): ApiError {
  const error = new ApiError("VALIDATION_FAILED", [], { violations });
  error.message = message;
  return error;
}

/** Builds one field violation; `data` is always an object because SDKs read it unguarded. */
export function violation(
  field: string,
  description: string,
  violatedRule: ViolatedRule = "FORMAT",
  data: Record<string, unknown> = {},
): FieldViolation {
  return violatedRule === "OTHER"
    ? { field, description, violatedRule, ruleName: "INVALID_VALUE", data }
    : { field, description, violatedRule, data };
}

export type ErrorBody =
  | {
      message: string;
      details: { applicationError: { code: string; description: string; data: unknown } };
    }
  | { message: string; details: { validationError: { fieldViolations: FieldViolation[] } } };

/** The protocol body for an `ApiError`. */
export function toErrorBody(error: ApiError): ErrorBody {
  if (error.violations.length > 0) {
    return {
      message: error.message,
      details: { validationError: { fieldViolations: [...error.violations] } },
    };
  }
  return {
    message: error.message,
    details: {
      applicationError: { code: error.wireCode, description: error.message, data: error.data },
    },
  };
}

function formatMessage(template: string, args: readonly (string | number)[]): string {
  let index = 0;
  return template.replace(/%s/g, () => String(args[index++] ?? ""));
}
