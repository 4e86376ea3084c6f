/**
 * @module `GET /members/api/me`: who a member's access token names, for the client area's
 * greeting (the name they go by, identity/member-name.ts, else nothing; the e-mail). Only the member's own.
 */
import type { MemberMe } from "@consultant/site-content/wire";
import type { FastifyInstance } from "fastify";
import { ApiError } from "../../platform/errors.ts";
import { type CallerDeps, callerOfCredentials } from "../../platform/http/caller.ts";
import { type IdentityContext, liveIdentity } from "../identity-context.ts";
import { memberName } from "../member-name.ts";

export const MEMBER_ME_PATH = "/members/api/me";

export type MemberMeOptions = { identity: IdentityContext; caller: CallerDeps };

export async function memberMeRoute(app: FastifyInstance, options: MemberMeOptions): Promise<void> {
  app.get(MEMBER_ME_PATH, async (request, reply): Promise<MemberMe> => {
    const caller = callerOfCredentials(request.headers.authorization, options.caller);
    const member = caller.role === "member" ? liveIdentity(options.identity, caller.id) : null;
    if (member === null) throw new ApiError("IDENTITY_MEMBER_REQUIRED");
    reply.header("cache-control", "private, no-store");
    return { email: member.email, firstName: memberName(member.profile) ?? "" };
  });
}
