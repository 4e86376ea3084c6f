/** @module `application/x-www-form-urlencoded` bodies (the OAuth token endpoint accepts them). */
import type { FastifyInstance } from "fastify";
import { hasTooManyPairs, parseQueryString, tooManyPairsError } from "./query-string.ts";

export function registerFormBodyParser(app: FastifyInstance): void {
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string" },
    (_request, body, done) => {
      const parsed = parseQueryString(String(body));
      if (hasTooManyPairs(parsed)) done(tooManyPairsError(), undefined);
      else done(null, parsed);
    },
  );
}
