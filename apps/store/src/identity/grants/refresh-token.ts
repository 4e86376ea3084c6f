/**
 * @module The `refresh_token` grant: a visitor's token refreshes statelessly; a member's rotates
 * within its session (identity/sessions.ts), and one presented after a newer one ends it.
 */
import { ApiError } from "../../platform/errors.ts";
import { type Grant, isTokenMember, pick, requireClientId, requireString } from "./grant-input.ts";

export const refreshTokenGrant: Grant = (deps, { body }) => {
  requireClientId(deps, body);
  const refreshToken = requireString(pick(body, "refreshToken", "refresh_token"), "refreshToken");
  return deps.tokens.refresh(refreshToken, (member, generation) => {
    // Staff get no member tokens, so none is renewed either (docs/security.md).
    if (!isTokenMember(deps, member.id)) throw new ApiError("INVALID_GRANT");
    return deps.identity.sessions.rotateRefresh(member.sid, member.id, generation);
  });
};
