/**
 * @module The grants of `POST /oauth2/token` (docs/protocol.md §6), one file each as in
 * node-oidc-provider: anonymous, refresh_token, authorization_code and authorized_client.
 */
import { anonymousGrant } from "./anonymous.ts";
import { authorizationCodeGrant } from "./authorization-code.ts";
import { authorizedClientGrant } from "./authorized-client.ts";
import type { Grant } from "./grant-input.ts";
import { refreshTokenGrant } from "./refresh-token.ts";

export type { Grant, GrantDeps, GrantRequest } from "./grant-input.ts";
export { pick, requireString } from "./grant-input.ts";

const GRANTS: ReadonlyMap<string, Grant> = new Map([
  ["anonymous", anonymousGrant],
  ["refresh_token", refreshTokenGrant],
  ["authorization_code", authorizationCodeGrant],
  ["authorized_client", authorizedClientGrant],
]);

/** The grant of that name; undefined for one the store does not support. */
export const grantOf = (grantType: string): Grant | undefined => GRANTS.get(grantType);
