/**
 * @module Errors of the owner editor's routes, rendered in the protocol's application-error
 * shape (protocol.md §5.1) like the rest of the store.
 */

const OWNER_ERRORS = {
  OWNER_WRONG_PASSWORD: { status: 401, message: "Wrong password" },
  OWNER_SIGN_IN_LIMITED: {
    status: 429,
    message: "Too many failed sign-ins. Try again in %s minutes.",
  },
  OWNER_SIGN_IN_REQUIRED: { status: 401, message: "Sign in to continue" },
  OWNER_CSRF_INVALID: { status: 403, message: "Missing or invalid CSRF token" },
  OWNER_SETUP_LINK_INVALID: {
    status: 400,
    message: "This setup link is invalid, expired or already used",
  },
  OWNER_PASSWORD_ALREADY_SET: { status: 409, message: "The owner password is already set" },
  OWNER_VERSION_CONFLICT: { status: 409, message: "Item [%s] changed since it was loaded" },
  OWNER_VERSION_NOT_FOUND: { status: 404, message: "Version [%s] of item [%s] does not exist" },
  OWNER_EDITOR_NOT_BUILT: {
    status: 404,
    message: "The editor is not built. Run `npm run build` first.",
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type OwnerErrorCode = keyof typeof OWNER_ERRORS;

export class OwnerError extends Error {
  readonly code: OwnerErrorCode;
  readonly status: number;
  readonly data: Record<string, unknown>;

  constructor(
    code: OwnerErrorCode,
    args: readonly (string | number)[] = [],
    data: Record<string, unknown> = {},
  ) {
    let index = 0;
    super(OWNER_ERRORS[code].message.replace(/%s/g, () => String(args[index++] ?? "")));
    this.name = "OwnerError";
    this.code = code;
    this.status = OWNER_ERRORS[code].status;
    this.data = data;
  }
}

export function toOwnerErrorBody(error: OwnerError) {
  return {
    message: error.message,
    details: {
      applicationError: { code: error.code, description: error.message, data: error.data },
    },
  };
}
