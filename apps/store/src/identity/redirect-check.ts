/**
 * @module The one redirect check of every route: a URI the store may send a browser (or a code)
 * to, judged against the trusted origin (never the request's Host) and the configured list.
 */
import type { FastifyRequest } from "fastify";
import { trustedOrigin } from "../platform/http/request-origin.ts";
import type { IdentityContext } from "./identity-context.ts";
import { allowedOrigins, isAllowedRedirectUri } from "./redirect-uris.ts";

/** True when `uri` is on the store's trusted origin or allowed by ALLOWED_REDIRECT_URIS. */
export function checkRedirectUri(
  ctx: IdentityContext,
  request: FastifyRequest,
  uri: unknown,
): uri is string {
  return isAllowedRedirectUri(uri, trustedOrigin(ctx, request), ctx.config.allowedRedirectUris);
}

/** The origins that may frame the members' pages and receive `web_message` codes. */
export function allowedRedirectOrigins(ctx: IdentityContext, request: FastifyRequest): string[] {
  return allowedOrigins(trustedOrigin(ctx, request), ctx.config.allowedRedirectUris);
}
