/**
 * The Identity and StateMachineResponse the official SDK reads (docs/protocol.md §8.1): every field
 * in its wire shape, a factor listed only when it is set up, a token only in the state that
 * carries it, and never a hash or a secret.
 */
import { describe, expect, test } from "vitest";
import { toStateMachineResponse, toWireIdentity } from "./identity-view.ts";
import type { IdentityRow } from "./storage/identity-store.ts";

const ADA: IdentityRow = {
  id: "ada-id",
  email: "ada@example.com",
  emailVerified: true,
  passwordHash: "$scrypt$secret-hash",
  totpSecret: "sealed-totp-key",
  status: "ACTIVE",
  reasons: [],
  profile: { nickname: "Ada" },
  role: "member",
  revision: 3,
  createdAt: Date.UTC(2026, 0, 2),
  updatedAt: Date.UTC(2026, 0, 3),
  totpLastStep: 0,
  lastSignInAt: null,
};

describe("the identity", () => {
  test("carries the member's fields in the SDK's shape, and both factors when set up", () => {
    expect(toWireIdentity(ADA)).toEqual({
      id: "ada-id",
      revision: "3",
      createdDate: "2026-01-02T00:00:00.000Z",
      updatedDate: "2026-01-03T00:00:00.000Z",
      connections: [],
      identityProfile: { nickname: "Ada" },
      metadata: {},
      email: { address: "ada@example.com", isVerified: true },
      status: { name: "ACTIVE", reasons: [] },
      factors: [
        { factorId: "ada-id-password", type: "PASSWORD", status: "ACTIVE" },
        { factorId: "ada-id-totp", type: "TOTP", status: "ACTIVE" },
      ],
    });
  });

  test("lists no factor a member has not set up, and no hash or key in any case", () => {
    const bare = { ...ADA, passwordHash: null, totpSecret: null };
    expect(toWireIdentity(bare).factors).toEqual([]);
    const onlyTotp = { ...ADA, passwordHash: null };
    expect(toWireIdentity(onlyTotp).factors.map((f) => f.type)).toEqual(["TOTP"]);
    expect(JSON.stringify(toWireIdentity(ADA))).not.toMatch(/secret-hash|sealed-totp-key/);
  });
});

describe("the state machine's answer", () => {
  test("a success carries the session token and no state token", () => {
    expect(
      toStateMachineResponse({ state: "SUCCESS", identity: ADA, sessionToken: "session" }),
    ).toEqual({
      state: "SUCCESS",
      sessionToken: "session",
      stateToken: null,
      identity: toWireIdentity(ADA),
      additionalData: {},
    });
  });

  test("a verification step carries the state token and no session token", () => {
    expect(
      toStateMachineResponse({
        state: "REQUIRE_EMAIL_VERIFICATION",
        identity: ADA,
        stateToken: "state",
      }),
    ).toEqual({
      state: "REQUIRE_EMAIL_VERIFICATION",
      sessionToken: null,
      stateToken: "state",
      identity: toWireIdentity(ADA),
      additionalData: {},
    });
  });

  test("a second-factor step carries the state token and says a TOTP factor is enabled", () => {
    expect(
      toStateMachineResponse({ state: "REQUIRE_MFA", identity: ADA, stateToken: "state" }),
    ).toEqual({
      state: "REQUIRE_MFA",
      sessionToken: null,
      stateToken: "state",
      identity: toWireIdentity(ADA),
      additionalData: {},
      requireMfaData: {
        availableFactors: [{ factorType: "TOTP", factorStatus: "ENABLED" }],
        reason: "USER_SETTINGS",
      },
    });
  });

  test("waiting for the owner carries no token at all", () => {
    expect(toStateMachineResponse({ state: "REQUIRE_OWNER_APPROVAL", identity: ADA })).toEqual({
      state: "REQUIRE_OWNER_APPROVAL",
      sessionToken: null,
      stateToken: null,
      identity: toWireIdentity(ADA),
      additionalData: {},
    });
  });
});
