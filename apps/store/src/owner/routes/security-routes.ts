/**
 * @module The editor's security page: the signed-in owner's or collaborator's own
 * sessions (list, end one, end the others) and sign-in history, and the owner's audit log.
 * Writes carry the CSRF header like every /admin call (requireOwner).
 */
import type { AccountSessions, AccountSignIns, AuditPage } from "@consultant/site-content/wire";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AuditLog, IdentityContext } from "../../identity/index.ts";
import {
  endOtherSessions,
  endOwnSession,
  listSessions,
  requireOwner,
  requireOwnerRole,
} from "../../identity/index.ts";
import { ApiError } from "../../platform/errors.ts";

export type SecurityRoutesDeps = { identity: IdentityContext; audit: AuditLog };

type SessionParams = { Params: { sessionId: string } };
type AuditQuery = { Querystring: { before?: string; limit?: string } };

export function registerSecurityRoutes(app: FastifyInstance, deps: SecurityRoutesDeps): void {
  const { identity: ctx, audit } = deps;

  function me(request: FastifyRequest) {
    const session = request.owner?.session;
    if (session === undefined) throw new ApiError("OWNER_SIGN_IN_REQUIRED");
    return { identityId: session.identityId, sid: session.sid };
  }

  app.get(
    "/api/account/sessions",
    { preHandler: requireOwner },
    async (request): Promise<AccountSessions> => {
      const { identityId, sid } = me(request);
      return { sessions: listSessions(ctx.sessions, identityId, sid) };
    },
  );

  app.post<SessionParams>(
    "/api/account/sessions/:sessionId/end",
    { preHandler: requireOwner },
    async (request) => {
      endOwnSession(ctx.sessions, me(request).identityId, request.params.sessionId);
      return {};
    },
  );

  app.post("/api/account/sessions/end-others", { preHandler: requireOwner }, async (request) => {
    const { identityId, sid } = me(request);
    endOtherSessions(ctx.sessions, identityId, sid);
    return {};
  });

  app.get(
    "/api/account/sign-ins",
    { preHandler: requireOwner },
    async (request): Promise<AccountSignIns> => ({
      signIns: ctx.signIns.listOf(me(request).identityId),
    }),
  );

  app.get<AuditQuery>(
    "/api/audit",
    { preHandler: requireOwnerRole },
    async (request): Promise<AuditPage> => {
      const before = Number(request.query.before);
      const limit = Number(request.query.limit);
      return audit.page(
        Number.isSafeInteger(before) && before > 0 ? before : null,
        Number.isSafeInteger(limit) && limit > 0 && limit <= 100 ? limit : undefined,
      );
    },
  );
}
