/**
 * @module The `authorized_client` grant: the owner's server, holding the API key, gets member
 * tokens for a member id; with `session_token` (from sign-on) the token must be that member's.
 * The SDK sends it without a client id (docs/protocol.md §6.2).
 */

import { ApiError } from "../../platform/errors.ts";
import { requireApiKey } from "../../platform/http/caller.ts";
import { liveIdentity } from "../identity-context.ts";
import { takeSignIn } from "../sign-on.ts";
import { type Grant, pick, requireString, signedIn } from "./grant-input.ts";

export const authorizedClientGrant: Grant = (deps, { body, authorization, client }) => {
  requireApiKey(authorization, deps.caller);
  const memberId = requireString(pick(body, "memberId", "member_id"), "member_id");
  const sessionToken = pick(body, "sessionToken", "session_token");
  const ctx = deps.identity;
  if (sessionToken !== undefined) {
    const signIn = takeSignIn(ctx, sessionToken, memberId);
    if (signIn === null) throw new ApiError("IDENTITY_SESSION_TOKEN_INVALID");
    const sid = ctx.sessions.start({
      identityId: signIn.identity.id,
      channel: "token",
      authAt: signIn.authAt,
      client,
    });
    return signedIn(deps, signIn.identity.id, sid);
  }
  const member = liveIdentity(ctx, memberId);
  if (member?.status !== "ACTIVE" || member.role !== "member") {
    throw new ApiError("IDENTITY_NOT_FOUND", [memberId]);
  }
  // The owner's server, holding the API key, vouches for the member as of now.
  const sid = ctx.sessions.start({
    identityId: memberId,
    channel: "token",
    authAt: ctx.now(),
    client,
  });
  return signedIn(deps, memberId, sid);
};
