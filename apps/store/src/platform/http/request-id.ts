/** @module Every response, including errors, 404s and static files, carries X-Wix-Request-Id. */
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";

export const REQUEST_ID_HEADER = "x-wix-request-id";

/** Fastify `genReqId`: request ids are ours, never taken from the client. */
export function generateRequestId(): string {
  return randomUUID();
}

export function registerRequestId(app: FastifyInstance): void {
  // Callback style: an async hook costs a promise and a microtask on every request.
  app.addHook("onRequest", function requestIdHook(request, reply, done) {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
