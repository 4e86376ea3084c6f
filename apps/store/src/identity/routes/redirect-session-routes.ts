/**
 * @module `POST /_api/redirects-api/v1/redirect-session` (docs/protocol.md §7.2) and its alternate
 * paths: auth, login and logout intents, answered with `fullUrl` and `urlDetails`.
 */
import type { FastifyInstance } from "fastify";
import { validationError, violation } from "../../platform/errors.ts";
import { type CallerDeps, callerOfCredentials } from "../../platform/http/caller.ts";
import { isPlainObject } from "../../platform/query/values.ts";
import type { IdentityContext } from "../identity-context.ts";
import { createRedirectSession } from "../redirect-sessions.ts";

export type RedirectSessionRoutesOptions = {
  identity: IdentityContext;
  caller: CallerDeps;
  clientId: string;
};

const PATHS = [
  "/_api/redirects-api/v1/redirect-session",
  "/redirect-session/v1/redirect-session",
  "/headless/v1/redirect-session",
];

export async function redirectSessionRoutes(
  app: FastifyInstance,
  options: RedirectSessionRoutesOptions,
): Promise<void> {
  for (const path of PATHS) {
    app.post(path, async (request, reply) => {
      // The SDK sends the visitor's (or member's) token; anyone with one may start a flow.
      const caller = callerOfCredentials(request.headers.authorization, options.caller);
      if (!isPlainObject(request.body)) {
        throw validationError([violation("body", "must be a JSON object", "REQUIRED_FIELD")]);
      }
      const origin = request.headers.origin;
      reply.header("cache-control", "no-store");
      const created = createRedirectSession(options.identity, request.body, {
        clientId: options.clientId,
        request,
        callerOrigin: typeof origin === "string" ? origin : undefined,
        address: request.ip,
        memberId: caller.role === "member" ? caller.id : null,
      });
      // The SDK's logout() forgets its tokens once it has this: their session ends now.
      const logout = request.body.logout;
      if (logout !== undefined && logout !== null && caller.sid !== undefined) {
        options.identity.sessions.end(caller.sid, "sign_out");
      }
      return created;
    });
  }
}
