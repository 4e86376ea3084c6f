/** @module The wire forms of docs/protocol.md §8.1: Identity and StateMachineResponse. */
import type { IdentityRow } from "./storage/identity-store.ts";

export type WireIdentity = ReturnType<typeof toWireIdentity>;

export function toWireIdentity(identity: IdentityRow) {
  return {
    id: identity.id,
    revision: String(identity.revision),
    createdDate: new Date(identity.createdAt).toISOString(),
    updatedDate: new Date(identity.updatedAt).toISOString(),
    connections: [],
    identityProfile: identity.profile,
    metadata: {},
    email: { address: identity.email, isVerified: identity.emailVerified },
    status: { name: identity.status, reasons: identity.reasons },
    factors: [
      ...(identity.passwordHash === null
        ? []
        : [{ factorId: `${identity.id}-password`, type: "PASSWORD", status: "ACTIVE" }]),
      ...(identity.totpSecret === null
        ? []
        : [{ factorId: `${identity.id}-totp`, type: "TOTP", status: "ACTIVE" }]),
    ],
  };
}

/** Where a sign-in, registration or verification stands. */
export type AuthOutcome =
  | { state: "SUCCESS"; identity: IdentityRow; sessionToken: string }
  | { state: "REQUIRE_EMAIL_VERIFICATION"; identity: IdentityRow; stateToken: string }
  | { state: "REQUIRE_OWNER_APPROVAL"; identity: IdentityRow }
  | { state: "REQUIRE_MFA"; identity: IdentityRow; stateToken: string };

/** The StateMachineResponse body of an outcome. */
export function toStateMachineResponse(outcome: AuthOutcome) {
  return {
    state: outcome.state,
    sessionToken: outcome.state === "SUCCESS" ? outcome.sessionToken : null,
    stateToken:
      outcome.state === "REQUIRE_EMAIL_VERIFICATION" || outcome.state === "REQUIRE_MFA"
        ? outcome.stateToken
        : null,
    identity: toWireIdentity(outcome.identity),
    additionalData: {},
    ...(outcome.state === "REQUIRE_MFA"
      ? {
          requireMfaData: {
            availableFactors: [{ factorType: "TOTP", factorStatus: "ENABLED" }],
            reason: "USER_SETTINGS",
          },
        }
      : {}),
  };
}
