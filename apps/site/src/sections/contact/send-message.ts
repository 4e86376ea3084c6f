/**
 * The form's script side: a signed token from the store, the proof of work when asked, the post.
 * A post refused as too early or with a spent token is retried once, unseen, so a person never
 * has to do anything about the spam defences.
 */
type Token = { token: string; workBits: number };
export type SendResult =
  | { ok: true }
  | { ok: false; fields: Record<string, string>; message?: string };

let pending: Promise<Token> | undefined;

/** Asks for a token early (when the visitor starts writing), so the time on the page counts. */
export function prepareToken(): Promise<Token> {
  pending ??= fetch("/contact/token", { cache: "no-store" }).then(
    (r) => r.json() as Promise<Token>,
  );
  return pending;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function sendMessage(
  fields: Record<string, string>,
  retry = true,
): Promise<SendResult> {
  const { token, workBits } = await prepareToken();
  const work =
    workBits > 0 ? await (await import("./solve-work.ts")).solveWork(token, workBits) : "";
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
  if (retry && /TOO_FAST|FORM_INVALID|WORK_REQUIRED/.test(code)) {
    if (code === "CONTACT_TOO_FAST") await wait(3_000);
    else pending = undefined;
    return sendMessage(fields, false);
  }
  const violations: { field: string; description: string }[] =
    body.details?.validationError?.fieldViolations ?? [];
  return {
    ok: false,
    fields: Object.fromEntries(violations.map((v) => [v.field, v.description])),
    message: violations.length > 0 ? undefined : body.message,
  };
}
