/**
 * @module The page's beacon (`POST /a/e`) taken by the Node `http` server before Fastify sees it
 * (docs/analytics.md, "Ingest"): a beacon is counted in memory in microseconds, and Fastify's
 * hooks, request objects and reply cost many times that. Only a plain beacon takes this path and
 * gets the same status, headers and bytes as from the route (count-routes.ts); anything else (a
 * cookie, a proxy's headers, a query string, a chunked or encoded body, another site's request,
 * an address past the flood gate, a body that is not a beacon) goes to Fastify, before its body
 * is read or with the body handed back, so every refusal keeps its one path.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { answerWithBody } from "../platform/http/replayed-body.ts";
import { generateRequestId, REQUEST_ID_HEADER } from "../platform/http/request-id.ts";
import { SECURITY_HEADER_LIST } from "../platform/http/security-headers.ts";
import type { AnalyticsService } from "./analytics-service.ts";
import { type Beacon, MAX_BEACON_BYTES, readBeacon } from "./beacon-input.ts";
import { BEACON_PATH } from "./count-routes.ts";
import type { FloodGate } from "./flood-gate.ts";

/**
 * Every hook on the beacon route, by function name, and how this path applies it: the request
 * id and security headers are written with the answer (requestIdHook, securityHeadersHook;
 * HSTS depends on a proxy's X-Forwarded-Proto, so such a request goes to Fastify); corsHook adds
 * nothing outside the API prefixes; a query string or a cookie sends the request to Fastify
 * (rejectOversizedQuery, resolveOwnerHook: a signed-in owner is not counted); admitBeaconHook
 * is the flood gate and the same-site check, applied here first; a body read here is handed back
 * (replayBodyHook); auditWritesHook records the editor's and the API key's writes only. A test
 * compares this list with the route's hooks.
 */
export const BEACON_ROUTE_HOOKS: Readonly<Record<string, readonly string[]>> = {
  onRequest: [
    "requestIdHook",
    "securityHeadersHook",
    "corsHook",
    "rejectOversizedQuery",
    "resolveOwnerHook",
    "admitBeaconHook",
  ],
  preParsing: ["replayBodyHook"],
  onResponse: ["auditWritesHook"],
};

/** Request headers that change who is counted or how the body is read: such beacons go to Fastify. */
const DECLINED_HEADERS = [
  "cookie",
  "forwarded",
  "x-forwarded-for",
  "x-forwarded-proto",
  "x-real-ip",
  "transfer-encoding",
  "content-encoding",
] as const;
const TEXT_PLAIN = /^text\/plain\s*(?:;|$)/i;

type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

function isPlainBeacon(request: IncomingMessage): boolean {
  if (request.method !== "POST" || request.url !== BEACON_PATH) return false;
  const { headers } = request;
  if (!DECLINED_HEADERS.every((name) => headers[name] === undefined)) return false;
  const site = headers["sec-fetch-site"];
  if (site !== undefined && site !== "same-origin") return false;
  const length = headers["content-length"];
  return (
    TEXT_PLAIN.test(headers["content-type"] ?? "") &&
    length !== undefined &&
    /^[1-9][0-9]{0,3}$/.test(length) &&
    Number(length) <= MAX_BEACON_BYTES
  );
}

function readOrNull(text: string): Beacon | null {
  try {
    return readBeacon(text);
  } catch {
    return null;
  }
}

export type BeaconFastPath = ReturnType<typeof createBeaconFastPath>;

export function createBeaconFastPath(service: AnalyticsService, gate: FloodGate) {
  const head = [...SECURITY_HEADER_LIST, "cache-control", "no-store"];
  let open = true;
  let answered = 0;

  /** Counts the beacon and answers 204, or false when Fastify must answer it. */
  function count(request: IncomingMessage, response: ServerResponse, body: Buffer): boolean {
    const beacon = readOrNull(body.toString("utf8"));
    if (beacon === null) return false;
    service.countBeacon(
      { ip: request.socket.remoteAddress ?? "", headers: request.headers },
      beacon,
    );
    response.writeHead(204, [REQUEST_ID_HEADER, generateRequestId(), ...head]);
    response.end();
    answered += 1;
    return true;
  }

  return {
    /** Answers the beacon, or passes the request to `next` (Fastify's handler). */
    handle(request: IncomingMessage, response: ServerResponse, next: RequestListener): void {
      // A refused address is answered by Fastify's hook, which counts it once more: past the limit.
      if (!open || !isPlainBeacon(request) || !gate.admit(request.socket.remoteAddress ?? "")) {
        next(request, response);
        return;
      }
      answerWithBody(request, response, next, (body) => count(request, response, body));
    },
    /** From now on every request goes to Fastify (which answers 503 while closing). */
    disable(): void {
      open = false;
    },
    /** Beacons answered here so far. */
    get answered(): number {
      return answered;
    },
  };
}
