/** Errors of the editor's calls to the store. */

export class AdminApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly data: Record<string, unknown>;

  constructor(status: number, message: string, code?: string, data: Record<string, unknown> = {}) {
    super(message);
    this.name = "AdminApiError";
    this.status = status;
    this.code = code;
    this.data = data;
  }
}

/** The session ended (sign-out elsewhere, inactivity, password change): sign in again. */
export class SessionEndedError extends AdminApiError {
  constructor(message = "Your session has ended") {
    super(401, message);
    this.name = "SessionEndedError";
  }
}

/** The store refused a write because the item is no longer the version that was loaded. */
export function isConflict(error: unknown): boolean {
  return (
    error instanceof AdminApiError &&
    (error.status === 409 || (error.status === 404 && error.code === "WDE0073"))
  );
}

type ErrorBody = {
  message?: unknown;
  details?: {
    applicationError?: { code?: unknown; data?: unknown };
    validationError?: { fieldViolations?: { field?: unknown; description?: unknown }[] };
  };
};

export async function errorFromResponse(response: Response): Promise<AdminApiError> {
  const body = (await response.json().catch(() => ({}))) as ErrorBody;
  const application = body.details?.applicationError;
  const violations = body.details?.validationError?.fieldViolations ?? [];
  const message =
    violations.length > 0
      ? violations.map((violation) => String(violation.description)).join(". ")
      : typeof body.message === "string" && body.message !== ""
        ? body.message
        : `The store answered ${response.status} ${response.statusText}`;
  const data =
    typeof application?.data === "object" && application.data !== null
      ? (application.data as Record<string, unknown>)
      : {};
  const code = typeof application?.code === "string" ? application.code : undefined;
  return new AdminApiError(response.status, message, code, data);
}

/** What to tell the owner about a caught error. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
