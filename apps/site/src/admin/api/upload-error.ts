/** @module What a refused picture or file upload says, as one sentence from the store's answer. */

/** A refused upload, in the store's words. */
export class UploadError extends Error {
  override readonly name = "UploadError";
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
}

export async function uploadErrorOf(response: Response): Promise<UploadError> {
  const body = (await response.json().catch(() => null)) as {
    message?: string;
    details?: { validationError?: { fieldViolations?: { description: string }[] } };
  } | null;
  const violations = body?.details?.validationError?.fieldViolations ?? [];
  const message =
    violations.length > 0
      ? violations.map((violation) => violation.description).join(". ")
      : (body?.message ?? `The store answered ${response.status}`);
  return new UploadError(message, response.status);
}
