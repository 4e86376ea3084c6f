/**
 * @module The HTTP server's timeouts, so a slow or idle client cannot hold a connection for
 * ever when the store faces the internet without a proxy: the headers must arrive within
 * `headersMs`, the whole request within `requestMs` (else 408 and the connection is closed), an
 * idle kept-alive connection closes after `keepAliveMs`, any silent socket after `idleMs`.
 */
import { createServer, type RequestListener, type Server } from "node:http";

export type ServerTimeouts = {
  /** The whole request, headers and body (REQUEST_TIMEOUT_SECONDS). */
  requestMs: number;
  /** The request headers (HEADERS_TIMEOUT_SECONDS); at most `requestMs`. */
  headersMs: number;
  /** An idle connection between requests (KEEP_ALIVE_TIMEOUT_SECONDS). */
  keepAliveMs: number;
  /** A socket with no traffic either way (SOCKET_TIMEOUT_SECONDS). */
  idleMs: number;
};

const SECOND_MS = 1000;

export const DEFAULT_SERVER_TIMEOUTS: ServerTimeouts = {
  requestMs: 30 * SECOND_MS,
  headersMs: 10 * SECOND_MS,
  // Fastify's default: longer than the usual load balancer's idle timeout (60 s).
  keepAliveMs: 72 * SECOND_MS,
  idleMs: 120 * SECOND_MS,
};

const VARIABLES: Record<keyof ServerTimeouts, string> = {
  requestMs: "REQUEST_TIMEOUT_SECONDS",
  headersMs: "HEADERS_TIMEOUT_SECONDS",
  keepAliveMs: "KEEP_ALIVE_TIMEOUT_SECONDS",
  idleMs: "SOCKET_TIMEOUT_SECONDS",
};

/**
 * Reads the four timeouts (whole seconds, at least 1) with their defaults.
 * @throws Error with a one-line message when a value is invalid.
 */
export function readServerTimeouts(env: NodeJS.ProcessEnv): ServerTimeouts {
  const timeouts = { ...DEFAULT_SERVER_TIMEOUTS };
  for (const [key, name] of Object.entries(VARIABLES) as [keyof ServerTimeouts, string][]) {
    const text = env[name]?.trim();
    if (!text) continue;
    if (!/^\d+$/.test(text) || Number(text) < 1) {
      throw new Error(`${name} must be a whole number of seconds, at least 1, got "${env[name]}"`);
    }
    timeouts[key] = Number(text) * SECOND_MS;
  }
  return timeouts;
}

/** A Node HTTP server enforcing the timeouts. */
export function createTimedServer(timeouts: ServerTimeouts, listener: RequestListener): Server {
  const headersMs = Math.min(timeouts.headersMs, timeouts.requestMs);
  const server = createServer(
    {
      requestTimeout: timeouts.requestMs,
      headersTimeout: headersMs,
      keepAliveTimeout: timeouts.keepAliveMs,
      // How often Node looks for requests over their time (its default, 30 s, would let a slow
      // client stay up to 30 s longer than allowed).
      connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(headersMs / 4))),
    },
    listener,
  );
  server.setTimeout(timeouts.idleMs);
  return server;
}
