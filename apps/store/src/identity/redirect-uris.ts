/**
 * @module Which redirect URIs a flow may send codes to: the store's own origin, plus the
 * configured list. Never an open redirect: anything else is refused before any redirect.
 */

function parse(uri: string): URL | null {
  try {
    const url = new URL(uri);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

/**
 * True when `uri` is on `ownOrigin` (the trusted origin, null when there is none), equals a configured URI (query aside), or starts with a
 * configured `https://host/path/*` prefix. Fragments and credentials are never allowed.
 */
export function isAllowedRedirectUri(
  uri: unknown,
  ownOrigin: string | null,
  allowed: readonly string[],
): uri is string {
  if (typeof uri !== "string" || uri.length > 2048) return false;
  const url = parse(uri);
  if (url === null || url.hash !== "" || url.username !== "" || url.password !== "") return false;
  if (url.origin === ownOrigin) return true;
  const withoutQuery = `${url.origin}${url.pathname}`;
  return allowed.some((entry) => {
    if (entry.endsWith("/*")) {
      const prefix = parse(entry.slice(0, -1));
      return (
        prefix !== null && url.origin === prefix.origin && url.pathname.startsWith(prefix.pathname)
      );
    }
    const exact = parse(entry);
    return exact !== null && withoutQuery === `${exact.origin}${exact.pathname}`;
  });
}

/** The origins codes may be posted to by `web_message`: the store's and the configured ones. */
export function allowedOrigins(ownOrigin: string | null, allowed: readonly string[]): string[] {
  const origins = new Set(ownOrigin === null ? [] : [ownOrigin]);
  for (const entry of allowed) {
    const url = parse(entry.endsWith("/*") ? entry.slice(0, -1) : entry);
    if (url !== null) origins.add(url.origin);
  }
  return [...origins];
}
