/**
 * The form's script side: a signed token from the store, the proof of work it asks (every token
 * asks some, done while the visitor writes), the post. A post refused as too early, with a spent
 * or expired token, or for work the busy form now asks, is retried, unseen, so a person never has
 * to do anything about the spam defences.
 */
type Token = { token: string; workBits: number };
type Prepared = { token: string; work: string };
export type SendResult =
  | { ok: true }
  | { ok: false; fields: Record<string, string>; message?: string };

let pending: Promise<Prepared> | undefined;

/**
 * Asks for a token early (when the visitor starts writing), so the time on the page counts, and
 * does its work meanwhile, so sending does not wait for it.
 */
export function prepareToken(): Promise<Prepared> {
  pending ??= fetch("/contact/token", { cache: "no-store" })
    .then((r) => r.json() as Promise<Token>)
    .then(async ({ token, workBits }) => ({
      token,
      work: workBits > 0 ? await (await import("./solve-work.ts")).solveWork(token, workBits) : "",
    }));
  return pending;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function sendMessage(
  fields: Record<string, string>,
  retries = 2,
): Promise<SendResult> {
  const { token, work } = await prepareToken();
  const response = await fetch("/contact", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...fields, token, work }),
  });
  if (response.ok) {
    pending = undefined;
    return { ok: true };
  }
  const body = await response.json().catch(() => ({}));
  const code = body.details?.applicationError?.code;
  // A fresh token is young: after FORM_INVALID or WORK_REQUIRED, TOO_FAST may follow once.
  if (retries > 0 && /TOO_FAST|FORM_INVALID|WORK_REQUIRED/.test(code)) {
    if (code === "CONTACT_TOO_FAST") await wait(3_000);
    else pending = undefined;
    return sendMessage(fields, retries - 1);
  }
  const violations: { field: string; description: string }[] =
    body.details?.validationError?.fieldViolations ?? [];
  return {
    ok: false,
    fields: Object.fromEntries(violations.map((v) => [v.field, v.description])),
    message: violations.length > 0 ? undefined : body.message,
  };
}
