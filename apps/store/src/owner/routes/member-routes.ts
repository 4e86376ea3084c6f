/**
 * @module The editor's Members view: list and search members, approve, block,
 * unblock, delete, resend the activation e-mail, and the approval setting. The owner's session
 * only (CSRF on changes): the API key manages content, not people, so it is refused here as
 * visitors' and members' tokens are.
 */

import type { MemberSettingsChanged, MembersPage } from "@consultant/site-content/wire";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { IdentityContext, IdentityRow, MemberData } from "../../identity/index.ts";
import {
  applyMemberAction,
  listMembers,
  type MemberAction,
  mailMemberApproved,
  requireOwnerRole,
  sendActivationEmail,
  summariseMember,
  wasLetIn,
} from "../../identity/index.ts";
import { ApiError, validationError, violation } from "../../platform/errors.ts";
import { bodyObject } from "../../platform/http/body-object.ts";
import { mailLinkOrigin } from "../../platform/http/request-origin.ts";

type MemberParams = { Params: { memberId: string } };

const MAX_SEARCH_LENGTH = 320;
const STATUS_ACTIONS = ["approve", "block", "unblock"] as const satisfies MemberAction[];

function readSearch(query: unknown): string {
  const search = (query as Record<string, unknown> | undefined)?.search;
  if (search === undefined) return "";
  if (typeof search !== "string" || search.length > MAX_SEARCH_LENGTH) {
    throw validationError([
      violation("search", `must be text of at most ${MAX_SEARCH_LENGTH} characters`),
    ]);
  }
  return search;
}

export function registerMemberRoutes(
  app: FastifyInstance,
  identity: IdentityContext,
  memberData: MemberData,
): void {
  const { store } = identity;
  const guarded = { preHandler: requireOwnerRole };

  function memberOf(request: FastifyRequest<MemberParams>): IdentityRow {
    const member = store.byId(request.params.memberId);
    if (member === null || member.role !== "member")
      throw new ApiError("IDENTITY_NOT_FOUND", [request.params.memberId]);
    return member;
  }

  const settings = () =>
    identity.settings.read({ requireApproval: identity.config.requireApproval });

  app.get(
    "/api/members",
    guarded,
    async (request): Promise<MembersPage> => ({
      members: listMembers(store, readSearch(request.query)),
      settings: settings(),
    }),
  );

  for (const action of STATUS_ACTIONS) {
    app.post<MemberParams>(`/api/members/:memberId/${action}`, guarded, async (request) => {
      const before = memberOf(request);
      const after = applyMemberAction(store, identity.sessions, before, action, identity.now());
      if (wasLetIn(before, after)) void mailMemberApproved(identity, before);
      return { member: after === null ? null : summariseMember(after) };
    });
  }

  app.delete<MemberParams>("/api/members/:memberId", guarded, async (request) => {
    memberData.erase(memberOf(request));
    return {};
  });

  app.post<MemberParams>("/api/members/:memberId/activation-email", guarded, async (request) => {
    const member = memberOf(request);
    if (member.status === "BLOCKED") throw new ApiError("IDENTITY_NOT_ACTIVE", [member.id]);
    await sendActivationEmail(identity, {
      identityId: member.id,
      origin: mailLinkOrigin(identity, request),
    });
    return {};
  });

  app.put("/api/member-settings", guarded, async (request): Promise<MemberSettingsChanged> => {
    const requireApproval = bodyObject(request).requireApproval;
    if (typeof requireApproval !== "boolean") {
      throw validationError([violation("requireApproval", "must be true or false")]);
    }
    identity.settings.write({ requireApproval });
    return { settings: settings() };
  });
}
