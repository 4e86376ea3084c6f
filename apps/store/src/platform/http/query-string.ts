/**
 * @module Query-string parsing with URLSearchParams (docs/protocol.md §11). Instead of silently
 * dropping pairs past a limit, a request with more than 1000 pairs is rejected with a 400.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { type ApiError, validationError, violation } from "../errors.ts";

export const MAX_QUERY_PAIRS = 1000;

export type QueryParams = Record<string, string | string[]>;

const TOO_MANY_PAIRS = Symbol("tooManyPairs");

/** Repeated keys become arrays. Marks (never throws on) oversized query strings. */
export function parseQueryString(text: string): QueryParams {
  const result: QueryParams = Object.create(null);
  let pairs = 0;
  for (const [key, value] of new URLSearchParams(text)) {
    if (++pairs > MAX_QUERY_PAIRS) {
      Object.defineProperty(result, TOO_MANY_PAIRS, { value: true });
      break;
    }
    const existing = result[key];
    if (existing === undefined) result[key] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else result[key] = [existing, value];
  }
  return result;
}

/** True when the parser stopped at the pair limit. */
export function hasTooManyPairs(params: QueryParams): boolean {
  return Object.hasOwn(params, TOO_MANY_PAIRS);
}

export function tooManyPairsError(): ApiError {
  return validationError(
    [
      violation("query string", `must have at most ${MAX_QUERY_PAIRS} parameters`, "MAX_SIZE", {
        threshold: MAX_QUERY_PAIRS,
      }),
    ],
    "too many query parameters",
  );
}

/** onRequest hook: the router parses the query before hooks run, so the check lives here. */
export function rejectOversizedQuery(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (error?: Error) => void,
): void {
  const query = request.query as QueryParams | undefined;
  done(query && hasTooManyPairs(query) ? tooManyPairsError() : undefined);
}
