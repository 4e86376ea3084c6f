/**
 * @module The `authorization_code` grant (PKCE S256): a code from the store's pages, for a
 * token session under the page session it came from.
 */
import { ApiError } from "../../platform/errors.ts";
import { exchangeAuthorizationCode } from "../authorization-codes.ts";
import {
  type Grant,
  isTokenMember,
  pick,
  requireClientId,
  requireString,
  signedIn,
} from "./grant-input.ts";

export const authorizationCodeGrant: Grant = (deps, { body, client }) => {
  const clientId = requireClientId(deps, body);
  const { identityId, pageSession } = exchangeAuthorizationCode(deps.identity, {
    code: requireString(pick(body, "code", "code"), "code"),
    clientId,
    redirectUri: pick(body, "redirectUri", "redirect_uri"),
    codeVerifier: pick(body, "codeVerifier", "code_verifier"),
  });
  if (!isTokenMember(deps, identityId)) throw new ApiError("AUTHORIZATION_CODE_INVALID");
  const sid = deps.identity.sessions.startFromPage(pageSession, client);
  if (sid === null) {
    throw new ApiError("AUTHORIZATION_CODE_INVALID", [], {
      data: { reason: "the sign-in it came from has ended" },
    });
  }
  return signedIn(deps, identityId, sid);
};
