/**
 * @module The page (`GET /`, `GET /index.html`) answered by the Node `http` server before
 * Fastify sees it, from the page cached per content version: under load Fastify's hooks, request
 * objects and reply cost about half a page view's CPU (docs/reliability.md, "Load"). Only a
 * plain request takes this path and gets the same status, headers and bytes as from the route
 * (site-plugin.ts); anything else (a query string, a cookie, `If-None-Match`, a proxy's
 * headers, HEAD, a page that cannot render) goes to Fastify, so each case keeps its one path.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { CompressedBody } from "../platform/http/compressed-body.ts";
import { createPreparedResponses } from "../platform/http/prepared-responses.ts";
import { generateRequestId, REQUEST_ID_HEADER } from "../platform/http/request-id.ts";
import { SECURITY_HEADERS } from "../platform/http/security-headers.ts";
import type { BodyHeaders } from "../platform/http/send-body.ts";

/**
 * Every hook on the page routes, by function name, and how this path applies it: the request id
 * and security headers are written with the answer (requestIdHook, securityHeadersHook; HSTS
 * depends on a proxy's X-Forwarded-Proto, so such a request goes to Fastify); corsHook adds
 * nothing outside the API prefixes; a query string or a cookie sends the request to Fastify
 * (rejectOversizedQuery, resolveOwnerHook); auditWritesHook records only the editor's and the API
 * key's writes, never a page view. A test compares this list with the routes' hooks.
 */
export const PAGE_ROUTE_HOOKS: Readonly<Record<string, readonly string[]>> = {
  onRequest: [
    "requestIdHook",
    "securityHeadersHook",
    "corsHook",
    "rejectOversizedQuery",
    "resolveOwnerHook",
  ],
  preParsing: ["replayBodyHook"],
  onResponse: ["auditWritesHook"],
};

/**
 * Request headers that change the answer or its headers (a 304, HSTS behind a TLS proxy, the
 * owner's session): such requests go to Fastify.
 */
const DECLINED_HEADERS = ["cookie", "if-none-match", "x-forwarded-proto", "forwarded"] as const;

type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

export type PageSource = {
  /** The routes' exact URLs. */
  paths: readonly string[];
  /** The page for the current content version. @throws when it cannot be rendered. */
  body(): CompressedBody;
  /** The route's response headers (the page's own CSP among them). */
  headers: BodyHeaders & { contentSecurityPolicy: string };
};

export type PageFastPath = ReturnType<typeof createPageFastPath>;

/** A path that answers nothing until the site plugin hands it the page (`serve`). */
export function createPageFastPath() {
  let source: { paths: Set<string>; body: () => CompressedBody; head: string[] } | null = null;
  let prepare: ReturnType<typeof createPreparedResponses> | null = null;
  let open = true;
  let answered = 0;

  function plain(request: IncomingMessage): boolean {
    if (source === null || request.method !== "GET" || !source.paths.has(request.url ?? ""))
      return false;
    return DECLINED_HEADERS.every((name) => request.headers[name] === undefined);
  }

  return {
    /** From now on plain page requests are answered from `page`. */
    serve(page: PageSource): void {
      const security = {
        ...SECURITY_HEADERS,
        "content-security-policy": page.headers.contentSecurityPolicy,
      };
      source = {
        paths: new Set(page.paths),
        body: page.body,
        head: Object.entries(security).flat(),
      };
      prepare = createPreparedResponses(page.headers);
    },
    /** Answers the request, or passes it to `next` (Fastify's handler). */
    handle(request: IncomingMessage, response: ServerResponse, next: RequestListener): void {
      if (!open || source === null || prepare === null || !plain(request)) {
        next(request, response);
        return;
      }
      let body: CompressedBody;
      try {
        body = source.body();
      } catch {
        // Fastify renders again and answers the error with its request id and log line.
        next(request, response);
        return;
      }
      const answer = prepare(body, request.headers["accept-encoding"]);
      response.writeHead(
        200,
        [REQUEST_ID_HEADER, generateRequestId(), ...source.head].concat(answer.headers),
      );
      response.end(answer.bytes);
      answered += 1;
    },
    /** From now on every request goes to Fastify (which answers 503 while closing). */
    disable(): void {
      open = false;
    },
    /** Requests answered here so far. */
    get answered(): number {
      return answered;
    },
  };
}
