/**
 * @module The editor's mailed password reset and a collaborator's invitation, without a
 * session: ask for the link (the same answer whether or not the address is staff's), then set
 * the password with it, which ends every editor session of that identity.
 */
import type { FastifyInstance } from "fastify";
import type { AuditLog, IdentityContext, OwnerSessions } from "../../identity/index.ts";
import { resetStaffPassword, sendStaffResetEmail } from "../../identity/index.ts";
import { bodyObject } from "../../platform/http/body-object.ts";

export type ResetRoutesDeps = {
  identity: IdentityContext;
  sessions: OwnerSessions;
  /** PUBLIC_URL or the store's listening address: the origin of mailed links. */
  origin: () => string;
  /** Names who set the password (the hook sees no session here, only a link). */
  audit: AuditLog;
};

export function registerResetRoutes(app: FastifyInstance, deps: ResetRoutesDeps): void {
  const { identity: ctx, sessions, origin } = deps;

  app.post("/api/reset-request", async (request) => {
    sendStaffResetEmail(ctx, {
      email: bodyObject(request).email,
      address: request.ip,
      origin: origin(),
    });
    return {};
  });

  app.post("/api/reset", async (request) => {
    const body = bodyObject(request);
    const identityId = await resetStaffPassword(ctx, {
      token: body.token,
      password: body.password,
    });
    ctx.sessions.endAllOf(identityId, "password_reset");
    sessions.endAllOf(identityId);
    const role = ctx.store.byId(identityId)?.role;
    deps.audit.record({
      actorId: identityId,
      actorKind: role === "editor" ? "editor" : "owner",
      action: "account.password-set-by-link",
      target: null,
      address: request.ip,
    });
    return {};
  });
}
