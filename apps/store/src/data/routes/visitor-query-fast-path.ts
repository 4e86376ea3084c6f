/**
 * @module The store's hottest request, an anonymous visitor's query, answered by the Node `http`
 * server before Fastify sees it: Fastify's hooks, request objects and logger cost as much again
 * as the cached answer itself (docs/benchmarks.md). Only a plain request takes this path, and it
 * gets the same status, headers and bytes as from the route (routes/items-query.ts). Anything unusual
 * goes to Fastify instead: before the body is read, as it came; after, with the body handed back
 * through a `preParsing` hook (platform/http/replayed-body.ts), so every error keeps its one path.
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { type Caller, type CallerDeps, callerBeforeHooks } from "../../platform/http/caller.ts";
import type { CorsPolicy } from "../../platform/http/cors.ts";
import {
  createPreparedResponses,
  type PreparedResponse,
} from "../../platform/http/prepared-responses.ts";
import { answerWithBody } from "../../platform/http/replayed-body.ts";
import { generateRequestId, REQUEST_ID_HEADER } from "../../platform/http/request-id.ts";
import { SECURITY_HEADER_LIST } from "../../platform/http/security-headers.ts";
import type { BodyHeaders } from "../../platform/http/send-body.ts";
import type { QueryCall } from "../items/query-call.ts";

/** Longer bodies are rare and gain nothing from the path (their validation is not memoised). */
const MAX_BODY_BYTES = 4096;
const JSON_CONTENT_TYPES = new Set(["application/json", "application/json; charset=utf-8"]);

/**
 * Every hook on the query routes, by function name, and how this path applies it: the request
 * id, security and CORS headers are written with the answer (requestIdHook,
 * securityHeadersHook, corsHook; with CORS_ORIGINS, corsVaryHook's `Vary: Origin` too); a query string or
 * an owner's session cookie sends the request to Fastify (rejectOversizedQuery,
 * resolveOwnerHook); the caller comes from the routes' own rule (requireCallerHook, through
 * `callerBeforeHooks`); a body read here is handed back (replayBodyHook); auditWritesHook records
 * writes only, and a query is none (audit-actions.ts). A test compares this
 * list with the routes' hooks: a hook added there must be applied here (or make this path pass
 * the request on) before it joins the list.
 */
export const QUERY_ROUTE_HOOKS: Readonly<Record<string, readonly string[]>> = {
  onRequest: [
    "requestIdHook",
    "securityHeadersHook",
    "corsHook",
    "rejectOversizedQuery",
    "resolveOwnerHook",
    "requireCallerHook",
  ],
  preParsing: ["replayBodyHook"],
  onResponse: ["auditWritesHook"],
};

type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

export type VisitorQueryFastPathOptions = {
  /** The query routes' exact URLs. */
  paths: readonly string[];
  caller: CallerDeps;
  queries: QueryCall;
  /** The route's response headers (routes/items-query.ts). */
  headers: BodyHeaders;
  /** Which origins get CORS headers (http/cors.ts). */
  cors: CorsPolicy;
};

export type VisitorQueryFastPath = ReturnType<typeof createVisitorQueryFastPath>;

function hasPlainJsonBody(headers: IncomingHttpHeaders): boolean {
  const type = headers["content-type"]?.toLowerCase();
  const length = headers["content-length"];
  return (
    type !== undefined &&
    JSON_CONTENT_TYPES.has(type) &&
    length !== undefined &&
    /^[1-9][0-9]{0,3}$/.test(length) &&
    Number(length) <= MAX_BODY_BYTES &&
    headers["transfer-encoding"] === undefined &&
    headers["content-encoding"] === undefined
  );
}

export function createVisitorQueryFastPath(options: VisitorQueryFastPathOptions) {
  const paths = new Set(options.paths);
  let open = true;
  let answered = 0;

  /** The visitor sending a request this path may answer, else null (nothing read yet). */
  function plainVisitor(request: IncomingMessage): Caller | null {
    const { headers } = request;
    if (request.method !== "POST" || !paths.has(request.url ?? "")) return null;
    if (!hasPlainJsonBody(headers)) return null;
    const caller = callerBeforeHooks(request, options.caller);
    return caller?.role === "visitor" ? caller : null;
  }

  const prepare = createPreparedResponses(options.headers);

  function respond(
    request: IncomingMessage,
    response: ServerResponse,
    body: Buffer,
    caller: Caller,
  ) {
    let answer: PreparedResponse;
    try {
      const parsed = options.queries.parseText(body.toString("utf8"));
      answer = prepare(
        options.queries.visitorAnswer(parsed, caller),
        request.headers["accept-encoding"],
      );
    } catch {
      return false;
    }
    const head = [REQUEST_ID_HEADER, generateRequestId(), ...SECURITY_HEADER_LIST];
    const { origin } = request.headers;
    if (origin !== undefined) {
      const cors = options.cors.responseHeaders(origin, request.url ?? "");
      if (cors !== null) head.push(...Object.entries(cors).flat());
    }
    // A second Vary line adds to the first (RFC 9110 §5.3).
    if (options.cors.variesByOrigin) head.push("vary", "Origin");
    response.writeHead(200, head.concat(answer.headers));
    response.end(answer.bytes);
    answered += 1;
    return true;
  }

  return {
    /** Answers the request, or passes it to `next` (Fastify's handler). */
    handle(request: IncomingMessage, response: ServerResponse, next: RequestListener): void {
      const caller = open ? plainVisitor(request) : null;
      if (caller === null) {
        next(request, response);
        return;
      }
      answerWithBody(request, response, next, (body) => respond(request, response, body, caller));
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
