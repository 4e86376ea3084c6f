/** @module Guards routes that need a valid visitor access token in `Authorization`. */
import type { FastifyRequest } from "fastify";
import { ApiError } from "../errors.ts";
import type { TokenService, Visitor } from "./tokens.ts";

declare module "fastify" {
  interface FastifyRequest {
    visitor: Visitor | null;
  }
}

/** The SDK sends the raw token; `Bearer <token>` is accepted too. */
export function readAccessToken(header: string | undefined): string | null {
  const token = header?.replace(/^Bearer\s+/i, "").trim();
  return token ? token : null;
}

/** onRequest hook factory: sets `request.visitor` or throws a 401 ApiError. */
export function requireVisitor(tokens: TokenService) {
  return async function requireVisitorHook(request: FastifyRequest): Promise<void> {
    const token = readAccessToken(request.headers.authorization);
    if (token === null) throw new ApiError("UNAUTHENTICATED");
    request.visitor = await tokens.verifyAccess(token);
  };
}
