/** @module The `anonymous` grant (docs/protocol.md §6.2): visitor tokens for the set client. */
import { type Grant, requireClientId } from "./grant-input.ts";

export const anonymousGrant: Grant = (deps, { body }) => {
  requireClientId(deps, body);
  return deps.tokens.issueAnonymous();
};
