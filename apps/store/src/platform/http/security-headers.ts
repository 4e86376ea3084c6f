/**
 * @module Security headers on every response, from helmet's definitions computed once (the
 * hot paths add a fixed list instead of running middleware per request): a strict CSP that
 * fits pages with external scripts and styles only, frame-ancestors 'none', nosniff, no
 * referrer, and HSTS when the request came over https. Pages with inline `<style>` (the page,
 * the editor and its preview) get their own CSP naming those styles by hash.
 */
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

export type CspDirectives = Record<string, readonly string[]>;

/** The default policy: same-origin scripts, styles, images, fonts and requests; no frames. */
export const DEFAULT_CSP_DIRECTIVES: CspDirectives = {
  "default-src": ["'self'"],
  "script-src": ["'self'"],
  "style-src": ["'self'"],
  "img-src": ["'self'", "data:"],
  "font-src": ["'self'"],
  "connect-src": ["'self'"],
  "frame-src": ["'none'"],
  "object-src": ["'none'"],
  "base-uri": ["'self'"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'none'"],
};

const HSTS_HEADER = "strict-transport-security";
const HSTS_VALUE = "max-age=31536000; includeSubDomains";

/** Runs helmet once against a recording response and returns the headers it would set. */
function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  helmet(options)({} as IncomingMessage, recorder, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

function directivesOption(directives: CspDirectives) {
  return { useDefaults: false, directives: { ...directives } } as const;
}

/** The headers every response carries (without HSTS, which depends on the request). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = helmetHeaders({
  contentSecurityPolicy: directivesOption(DEFAULT_CSP_DIRECTIVES),
  strictTransportSecurity: false,
  xFrameOptions: { action: "deny" },
  referrerPolicy: { policy: "no-referrer" },
});

/** `SECURITY_HEADERS` as alternating names and values, as `writeHead` takes them. */
export const SECURITY_HEADER_LIST: readonly string[] = Object.entries(SECURITY_HEADERS).flat();

/** A CSP value: the default policy with `extra` sources added per directive. */
export function contentSecurityPolicy(extra: CspDirectives): string {
  const directives: Record<string, string[]> = {};
  for (const [name, sources] of Object.entries(DEFAULT_CSP_DIRECTIVES)) {
    const added = extra[name] ?? [];
    // 'none' must stand alone: sources added to it replace it.
    directives[name] =
      added.length > 0 && sources.includes("'none'") ? [...added] : [...sources, ...added];
  }
  for (const [name, sources] of Object.entries(extra)) directives[name] ??= [...sources];
  const value = helmetHeaders({
    contentSecurityPolicy: directivesOption(directives),
  })["content-security-policy"];
  if (value === undefined) throw new Error("helmet produced no Content-Security-Policy");
  return value;
}

const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi;

/** CSP hash sources (`'sha256-…'`) for every inline `<style>` element of an HTML document. */
export function inlineStyleHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_STYLE)) {
    const digest = createHash("sha256")
      .update(match[1] ?? "", "utf8")
      .digest("base64");
    hashes.add(`'sha256-${digest}'`);
  }
  return [...hashes];
}

/** Adds the security headers (and HSTS over https) to a reply. */
export function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.headers(SECURITY_HEADERS);
  // Fastify reads X-Forwarded-Proto only from a trusted proxy (TRUST_PROXY).
  if (request.protocol === "https") reply.header(HSTS_HEADER, HSTS_VALUE);
}

/** Every response Fastify sends gets the headers; routes may replace the CSP with their own. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook("onRequest", function securityHeadersHook(request, reply, done) {
    applySecurityHeaders(request, reply);
    done();
  });
}
