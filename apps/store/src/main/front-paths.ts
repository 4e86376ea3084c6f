/**
 * @module The fast paths in front of Fastify: the visitor's query, the page's beacon and the
 * page. Each answers the plain requests it knows, as the route would, and passes every other
 * request on to the next, the last to Fastify. With request logging on (Fastify logs every
 * request at `info` and below; a fast path would not) and once the app closes, all are off.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import { replayedBody } from "../platform/http/replayed-body.ts";

const REQUEST_LOG_LEVELS = new Set(["info", "debug", "trace"]);

export type FastPath = {
  handle(request: IncomingMessage, response: ServerResponse, next: RequestListener): void;
  disable(): void;
};

export function createFrontPaths() {
  let fastify: RequestListener | null = null;
  let front: RequestListener | null = null;
  return {
    /** The server's request listener, for Fastify's `serverFactory` (its `handler`). */
    listener(handler: RequestListener): RequestListener {
      fastify = handler;
      return (request, response) => (front ?? handler)(request, response);
    },
    /** Puts `paths` in front of Fastify, in order; a body one of them read is handed back. */
    install(app: FastifyInstance, paths: readonly FastPath[]): void {
      const last = fastify;
      if (last === null) throw new Error("the server was not made by listener()");
      front = paths.reduceRight<RequestListener>(
        (next, path) => (request, response) => path.handle(request, response, next),
        last,
      );
      const off = () => {
        for (const path of paths) path.disable();
      };
      if (REQUEST_LOG_LEVELS.has(app.log.level)) off();
      app.addHook("preClose", (done) => {
        off();
        done();
      });
      app.addHook("preParsing", function replayBodyHook(request, _reply, payload, done) {
        done(null, replayedBody(request.raw) ?? payload);
      });
    },
  };
}
