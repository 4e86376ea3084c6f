/**
 * @module A member's security page calls under `/_api/account/v1`, with the
 * member's access token (no cookie, so no cross-site request can make them): their sessions
 * (list, end one, end the others), sign-in history, the export archive, and deleting the
 * account after a recent sign-in.
 */
import type { AccountSessions, AccountSignIns } from "@consultant/site-content/wire";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ApiError } from "../../platform/errors.ts";
import { type CallerDeps, callerOfCredentials } from "../../platform/http/caller.ts";
import type { AuditLog } from "../audit/audit-log.ts";
import type { IdentityContext } from "../identity-context.ts";
import type { MemberData } from "../member-data.ts";
import { endOtherSessions, endOwnSession, listSessions } from "../session-list.ts";

export type AccountSecurityOptions = {
  identity: IdentityContext;
  /** Made with the app (its statements are prepared before any request). */
  memberData: MemberData;
  caller: CallerDeps;
  audit: AuditLog;
};

type SessionParams = { Params: { sessionId: string } };

export async function accountSecurityRoutes(
  app: FastifyInstance,
  options: AccountSecurityOptions,
): Promise<void> {
  const ctx = options.identity;
  const data = options.memberData;

  /** The member and session the access token names (a live one: callerOfCredentials checks). */
  function memberOf(request: FastifyRequest) {
    const caller = callerOfCredentials(request.headers.authorization, options.caller);
    if (caller.role !== "member" || caller.sid === undefined) {
      throw new ApiError("ACCOUNT_MEMBER_REQUIRED");
    }
    const identity = ctx.store.byId(caller.id);
    if (identity === null) throw new ApiError("TOKEN_INVALID");
    return { identity, sid: caller.sid };
  }

  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  app.get("/sessions", async (request): Promise<AccountSessions> => {
    const { identity, sid } = memberOf(request);
    return { sessions: listSessions(ctx.sessions, identity.id, sid) };
  });

  app.post<SessionParams>("/sessions/:sessionId/end", async (request) => {
    const { identity } = memberOf(request);
    endOwnSession(ctx.sessions, identity.id, request.params.sessionId);
    return {};
  });

  app.post("/sessions/end-others", async (request) => {
    const { identity, sid } = memberOf(request);
    endOtherSessions(ctx.sessions, identity.id, sid);
    return {};
  });

  app.get("/sign-ins", async (request): Promise<AccountSignIns> => {
    const { identity } = memberOf(request);
    return { signIns: ctx.signIns.listOf(identity.id) };
  });

  app.get("/export", async (request, reply) => {
    const { identity } = memberOf(request);
    const archive = data.exportArchive(identity);
    const day = new Date(ctx.now()).toISOString().slice(0, 10);
    return reply
      .header("content-type", "application/zip")
      .header("content-disposition", `attachment; filename="account-${day}.zip"`)
      .send(Buffer.from(archive));
  });

  app.post("/delete", async (request) => {
    const { identity, sid } = memberOf(request);
    ctx.sessions.requireRecentSignIn(sid);
    data.erase(identity);
    options.audit.record({ actorKind: "member", action: "member.delete-own", address: request.ip });
    return {};
  });
}
