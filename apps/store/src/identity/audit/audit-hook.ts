/**
 * @module Records every successful write of the editor and of API-key callers in the audit
 * log, after the response (a failed write changed nothing). One hook for every route, so a new
 * write path is recorded without being remembered here.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { auditActionOf } from "./audit-actions.ts";
import type { ActorKind, AuditLog } from "./audit-log.ts";

function actorOf(request: FastifyRequest): { id: string | null; kind: ActorKind } | null {
  const owner = request.owner;
  if (owner !== null && (owner.csrfValid || request.method === "GET")) {
    return { id: owner.session.identityId, kind: owner.role };
  }
  if (request.caller?.role === "admin") return { id: null, kind: "api-key" };
  return null;
}

export function registerAuditHook(app: FastifyInstance, audit: AuditLog): void {
  app.addHook("onResponse", function auditWritesHook(request, reply, done) {
    if (reply.statusCode >= 400 || request.method === "GET" || request.method === "HEAD") {
      return done();
    }
    try {
      const route = request.routeOptions.url ?? "";
      const actor =
        actorOf(request) ??
        (route === "/admin/api/reset" || route === "/admin/api/setup"
          ? { id: null, kind: "link" as const }
          : null);
      if (actor === null) return done();
      const described = auditActionOf({
        method: request.method,
        route,
        params: (request.params ?? {}) as Record<string, string>,
        body: request.body,
        query: (request.query ?? {}) as Record<string, unknown>,
      });
      // An integration's item writes with the API key are many and machine-made, and the data
      // API's write stays one round trip to the database: the log keeps people's changes and
      // the key's other writes (collections, members, the key itself).
      const integrationWrite =
        actor.kind === "api-key" && described !== null && described.action.startsWith("content.");
      if (described !== null && !integrationWrite) {
        audit.record({
          actorId: actor.id,
          actorKind: actor.kind,
          ...described,
          address: request.ip,
        });
      }
    } catch (error) {
      request.log.error({ err: error }, "audit entry not recorded");
    }
    done();
  });
}
