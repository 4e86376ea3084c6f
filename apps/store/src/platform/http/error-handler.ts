/**
 * @module Turns every failure into a protocol error body (docs/protocol.md §5.1): our ApiErrors,
 * Fastify's own errors (bad JSON, media type, body size) and unknown routes. Anything else is
 * logged and answered with a generic 500.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ApiError, toErrorBody, validationError, violation } from "../errors.ts";
import { applyCorsHeaders, type CorsPolicy } from "./cors.ts";
import { REQUEST_ID_HEADER } from "./request-id.ts";
import { applySecurityHeaders } from "./security-headers.ts";

const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request, reply) => {
    const apiError = toApiError(error, request.headers["content-type"], request.id);
    if (apiError.status >= 500) request.log.error({ err: error }, "request failed");
    // Throttled identity calls say when to come back.
    const retryAfter = apiError.data.retryAfterSeconds;
    if (typeof retryAfter === "number" && retryAfter > 0) {
      reply.header("retry-after", String(retryAfter));
    }
    reply.code(apiError.status).type(JSON_CONTENT_TYPE).send(toErrorBody(apiError));
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    const error = new ApiError("ROUTE_NOT_FOUND", [request.method, path]);
    reply.code(error.status).type(JSON_CONTENT_TYPE).send(toErrorBody(error));
  });
}

/**
 * Fastify option for errors raised before routing (a malformed URL), which bypass hooks and the
 * error handler: same body shape, request id and headers as everything else.
 */
export function createFrameworkErrorHandler(cors: CorsPolicy) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    applySecurityHeaders(request, reply);
    applyCorsHeaders(cors, request, reply);
    sendFrameworkError(error, request, reply);
  };
}

function sendFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply
    .header(REQUEST_ID_HEADER, request.id)
    .code(400)
    .type(JSON_CONTENT_TYPE)
    .send(toErrorBody(validationError([violation("url", error.message)], "invalid URL")));
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && typeof (error as FastifyError).statusCode === "number";
}

/** The generic 500: no details leak, only the request id to find the logged cause. */
export function internalError(requestId: string): ApiError {
  return new ApiError("INTERNAL_ERROR", [requestId], { data: { requestId } });
}

/** Maps any thrown value to a catalogue error. */
export function toApiError(error: unknown, contentType?: string, requestId = ""): ApiError {
  if (error instanceof ApiError) return error;
  if (!isFastifyError(error)) return internalError(requestId);
  const status = error.statusCode ?? 500;
  if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE" || status === 413)
    return new ApiError("PAYLOAD_TOO_LARGE");
  if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE" || status === 415) {
    return new ApiError("UNSUPPORTED_MEDIA_TYPE", [contentType ?? ""]);
  }
  if (status >= 400 && status < 500) {
    return validationError([violation("body", error.message)], "invalid request body");
  }
  return internalError(requestId);
}
