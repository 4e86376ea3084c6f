/**
 * @module The owner's invitations under `/admin/api/invites`: list the pending ones, invite,
 * resend and withdraw. The owner's session only (a collaborator edits content, not people),
 * with the CSRF header on changes like every /admin call.
 */
import type { InviteSent, PendingInvites } from "@consultant/site-content/wire";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { requireOwnerRole } from "../identity/index.ts";
import { bodyObject } from "../platform/http/body-object.ts";
import { mailLinkOrigin } from "../platform/http/request-origin.ts";
import {
  type InviteDeps,
  invite,
  resendInvite,
  revokeInvite,
  toPendingInvite,
} from "./invite-service.ts";

type InviteParams = { Params: { inviteId: string } };

export async function inviteRoutes(app: FastifyInstance, deps: InviteDeps): Promise<void> {
  const guarded = { preHandler: requireOwnerRole };
  const origin = (request: Parameters<typeof mailLinkOrigin>[1]) =>
    mailLinkOrigin(deps.identity, request);

  app.get(
    "/admin/api/invites",
    guarded,
    async (): Promise<PendingInvites> => ({
      invites: deps.invites.pending().map(toPendingInvite),
    }),
  );

  /** The audit log's entry, naming the client (the hook knows only ids). */
  function record(request: FastifyRequest, action: string, sent: { name: string; email: string }) {
    const owner = request.owner;
    deps.audit.record({
      actorId: owner?.session.identityId ?? null,
      actorKind: owner?.role ?? "owner",
      action,
      target: `${sent.name} (${sent.email})`,
      address: request.ip,
    });
  }

  app.post("/admin/api/invites", guarded, async (request): Promise<InviteSent> => {
    const sent = await invite(deps, bodyObject(request), origin(request));
    record(request, "invite.create", sent);
    return { invite: sent };
  });

  app.post<InviteParams>(
    "/admin/api/invites/:inviteId/resend",
    guarded,
    async (request): Promise<InviteSent> => {
      const sent = await resendInvite(deps, request.params.inviteId, origin(request));
      record(request, "invite.resend", sent);
      return { invite: sent };
    },
  );

  app.delete<InviteParams>("/admin/api/invites/:inviteId", guarded, async (request) => {
    record(request, "invite.revoke", revokeInvite(deps, request.params.inviteId));
    return {};
  });
}
