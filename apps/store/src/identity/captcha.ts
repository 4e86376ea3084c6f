/**
 * @module Captcha tokens on register and login (docs/protocol.md §8). Without a verifier they are
 * accepted and ignored; with one, a missing token is -19971 and a refused one -19970.
 */
import { ApiError } from "../platform/errors.ts";
import { isPlainObject } from "../platform/query/values.ts";

/** Answers whether a captcha token is genuine. */
export type CaptchaVerifier = (token: string) => Promise<boolean>;

/** The first token in `captchaTokens` (any of the SDK's spellings), or null. */
export function readCaptchaToken(captchaTokens: unknown): string | null {
  const entries = Array.isArray(captchaTokens) ? captchaTokens : [captchaTokens];
  for (const entry of entries) {
    if (!isPlainObject(entry)) continue;
    const nested = entry.recaptchaForClientSiteKey;
    const candidates = [
      entry.Recaptcha,
      entry.InvisibleRecaptcha,
      entry.NoCaptcha,
      entry.recaptchaToken,
      entry.invisibleRecaptchaToken,
      isPlainObject(nested) ? nested.token : undefined,
    ];
    const token = candidates.find((value) => typeof value === "string" && value !== "");
    if (typeof token === "string") return token.slice(0, 4096);
  }
  return null;
}

/**
 * Checks the captcha when a verifier is configured (cheap, so before any password work).
 * @throws ApiError CAPTCHA_MISSING (-19971) without a token, CAPTCHA_INVALID (-19970) when the
 *   verifier refuses it.
 */
export async function checkCaptcha(
  verifier: CaptchaVerifier | undefined,
  captchaTokens: unknown,
): Promise<void> {
  if (verifier === undefined) return;
  const token = readCaptchaToken(captchaTokens);
  if (token === null) throw new ApiError("CAPTCHA_MISSING");
  const genuine = await verifier(token).catch(() => false);
  if (!genuine) throw new ApiError("CAPTCHA_INVALID");
}

/**
 * A verifier for reCAPTCHA-style `siteverify` endpoints: POST `secret` and `response` as a form,
 * read `{success}`. From CAPTCHA_VERIFY_URL and CAPTCHA_SECRET; undefined when unset.
 */
export function readCaptchaVerifier(
  env: NodeJS.ProcessEnv,
  { timeoutMs = 10_000 }: { timeoutMs?: number } = {},
): CaptchaVerifier | undefined {
  const url = env.CAPTCHA_VERIFY_URL?.trim();
  if (!url) return undefined;
  const secret = env.CAPTCHA_SECRET ?? "";
  return async (token) => {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ secret, response: token }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) return false;
    const body = (await response.json()) as { success?: unknown };
    return body.success === true;
  };
}
