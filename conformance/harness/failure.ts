/** What the official data SDK throws for a refused call (docs/protocol.md §5.4). */
export interface SdkError {
  message: string;
  details?: {
    applicationError?: { code?: string; description?: string };
    validationError?: { fieldViolations?: unknown[] };
  };
}

/** Resolves with what `call` rejects with, typed as the caller expects; throws when the call succeeds. */
export async function failure<E = unknown>(call: Promise<unknown>): Promise<E> {
  try {
    await call;
  } catch (error) {
    return error as E;
  }
  throw new Error("the call succeeded");
}
