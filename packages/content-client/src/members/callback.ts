/** Where the sign-in page puts the callback parameters. */
export type CallbackResponseMode = "fragment" | "query";

/** What {@link parseFromUrl} reads from a callback URL. */
export interface CallbackParams {
  code: string | null;
  state: string | null;
  /** Present only when the callback carries an OAuth `error` (for example `login_required`). */
  error?: string;
  errorDescription?: string | null;
}

/**
 * Reads `code`, `state`, `error` and `error_description` from a callback URL's fragment (default)
 * or query string (docs/protocol.md §7.3).
 *
 * @param url - Absolute URL; defaults to `location.href`.
 * @param responseMode - `"fragment"` (default) or `"query"`.
 * @throws {TypeError} when `url` is not an absolute URL, or is missing outside a browser.
 */
export function parseFromUrl(
  url?: string,
  responseMode: CallbackResponseMode = "fragment",
): CallbackParams {
  const href = url ?? globalThis.location?.href;
  if (href === undefined) throw new TypeError("parseFromUrl needs a URL outside a browser");
  const parsed = new URL(href);
  const params =
    responseMode === "query" ? parsed.searchParams : new URLSearchParams(parsed.hash.slice(1));
  const error = params.get("error");
  return {
    code: params.get("code"),
    state: params.get("state"),
    ...(error ? { error, errorDescription: params.get("error_description") } : {}),
  };
}
