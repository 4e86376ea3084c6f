/**
 * @module `application/json` bodies: Fastify's own parser (prototype keys refused), behind a
 * scan of the text that refuses nesting deeper than MAX_JSON_DEPTH before any parsing. Parsing a
 * deeply nested body, and every walk over it afterwards, holds the event loop far longer than a
 * flat body of the same size (docs/security.md, "The HTTP server and uploads"); the scan is one
 * pass over the characters and builds nothing.
 */
import type { FastifyInstance } from "fastify";
import { validationError, violation } from "../errors.ts";

/**
 * Objects and arrays nested in a body: item data may nest 64 levels (data/items/item-input.ts),
 * a filter 20 (two JSON levels each), with room for the request around them.
 */
export const MAX_JSON_DEPTH = 100;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** True when `text`, read as JSON, opens more than `limit` objects and arrays inside each other. */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      depth++;
      if (depth > limit) return true;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) depth--;
  }
  return false;
}

export function tooDeepError() {
  return validationError(
    [
      violation("body", `must be nested at most ${MAX_JSON_DEPTH} levels deep`, "MAX", {
        threshold: MAX_JSON_DEPTH,
      }),
    ],
    "invalid request body",
  );
}

export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (nestsDeeperThan(String(body), MAX_JSON_DEPTH)) done(tooDeepError(), undefined);
    else parseJson(request, String(body), done);
  });
}
