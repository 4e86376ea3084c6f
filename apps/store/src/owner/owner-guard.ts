/** @module Guards for the owner's API: a live session, and the CSRF token on state changes. */
import type { FastifyReply, FastifyRequest } from "fastify";
import { ApiError, validationError, violation } from "../errors.ts";
import { isPlainObject } from "../query/values.ts";
import { isSafeMethod } from "./owner-access.ts";

/** The header telling the editor when its session ends without further activity. */
export const SESSION_EXPIRES_HEADER = "x-owner-session-expires";

/**
 * preHandler for what the owner and collaborators both do (content): 401 without a session,
 * 403 for a state change without the CSRF token.
 */
export async function requireOwner(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const owner = request.owner;
  if (owner === null) throw new ApiError("OWNER_SIGN_IN_REQUIRED");
  if (!isSafeMethod(request.method) && !owner.csrfValid) {
    throw new ApiError("OWNER_CSRF_INVALID");
  }
  reply.header(SESSION_EXPIRES_HEADER, new Date(owner.session.expiresAt).toISOString());
}

/**
 * preHandler for what only the owner does (members, settings, collaborators): as
 * `requireOwner`, then 403 OWNER_ROLE_REQUIRED for a collaborator.
 */
export async function requireOwnerRole(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  await requireOwner(request, reply);
  if (request.owner?.role !== "owner") throw new ApiError("OWNER_ROLE_REQUIRED");
}

/** The JSON body as an object, or a 400 naming the body. */
export function bodyObject(request: FastifyRequest): Record<string, unknown> {
  if (!isPlainObject(request.body)) {
    throw validationError([violation("body", "must be a JSON object", "REQUIRED_FIELD")]);
  }
  return request.body;
}

export function requiredString(body: Record<string, unknown>, field: string): string {
  const value = body[field];
  if (typeof value !== "string" || value === "") {
    throw validationError([violation(field, "must be a non-empty string", "REQUIRED_FIELD")]);
  }
  return value;
}
