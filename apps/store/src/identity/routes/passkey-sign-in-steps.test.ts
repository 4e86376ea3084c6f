/**
 * Signing in with a passkey against the steps around it: a second step asked for with
 * a state token that is not one, a member still waiting for the owner's approval, and the
 * per-e-mail limit on password guesses, which only a finished sign-in clears.
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createMemberKit, type MemberKit, ORIGIN } from "../../main/test-kit/identity-kit.ts";
import {
  AUTH,
  type Authenticator,
  passkeyCalls,
  refusalOf,
} from "../../main/test-kit/passkey-kit.ts";
import { LOGIN, passwordStep, turnTotpOn } from "../../main/test-kit/totp-member.ts";
import { createIdentityStore } from "../storage/identity-store.ts";

const ADA = "ada@example.com";
const STEP_INVALID = {
  status: 400,
  code: "IDENTITY_STATE_TOKEN_INVALID",
  message: "This step is invalid, expired or already done. Start again.",
};

let k: MemberKit;
let p: ReturnType<typeof passkeyCalls>;
beforeEach(async () => {
  k = await createMemberKit({ config: { loginMaxPerEmail: 3 } });
  p = passkeyCalls(k);
});
afterEach(() => k.close());

const stepOptions = (stateToken: unknown) => k.post(`${AUTH}/webauthn/options`, { stateToken });

async function passkeySignIn(device: Authenticator) {
  const options = await p.signInOptions();
  return p.signIn(options.challengeId, device.get(options.options, ORIGIN));
}

/** WRONG_EMAIL_OR_PASSWORD, as the protocol's clients know it. */
const WRONG = "-19976";
const wrongPassword = async () =>
  refusalOf(await k.post(LOGIN, { loginId: { email: ADA }, password: "not her password" })).code;

describe("a second step asked for with a token that is not one", () => {
  test("a null state token asks for a sign-in with any passkey", async () => {
    const ada = await p.memberWithPasskey(ADA);
    const options = (await stepOptions(null)).json();
    expect(options.options.allowCredentials).toEqual([]);
    const answer = await p.signIn(options.challengeId, ada.device.get(options.options, ORIGIN));
    expect(answer.json()).toMatchObject({ state: "SUCCESS", identity: { id: ada.id } });
  });

  test("a made-up state token gets no challenge", async () => {
    for (const stateToken of ["made-up", 42, { $ne: "" }]) {
      expect(refusalOf(await stepOptions(stateToken))).toEqual(STEP_INVALID);
    }
  });

  test("a sign-up's e-mail step does not open a passkey second step", async () => {
    const registered = await k.post(`${AUTH}/register`, {
      loginId: { email: ADA },
      password: "correct horse battery",
    });
    expect(registered.json().state).toBe("REQUIRE_EMAIL_VERIFICATION");
    expect(refusalOf(await stepOptions(registered.json().stateToken))).toEqual(STEP_INVALID);
  });

  test("a member blocked during the second step gets no challenge", async () => {
    const ada = await p.memberWithPasskey(ADA);
    await turnTotpOn(k, ada.id, ADA);
    const stateToken = await passwordStep(k, ADA);
    // As another node sees the block between its two writes: blocked, the step still stored.
    k.db.prepare("UPDATE identities SET status = 'BLOCKED' WHERE id = ?").run(ada.id);
    expect(refusalOf(await stepOptions(stateToken))).toEqual(STEP_INVALID);
  });
});

describe("a member waiting for the owner's approval", () => {
  async function pendingAda() {
    const ada = await p.memberWithPasskey(ADA);
    const reasons = ["PENDING_ADMIN_APPROVAL_REQUIRED" as const];
    createIdentityStore(k.db).setStatus(ada.id, "PENDING", reasons, k.clock.ms);
    return ada;
  }

  test("her passkey does not sign her in, nor shows as a sign-in in her history", async () => {
    const ada = await pendingAda();
    expect((await passkeySignIn(ada.device)).json().state).toBe("REQUIRE_OWNER_APPROVAL");
    k.ownerActs(ada.id, "approve");
    const history = await p.call("GET", "/_api/account/v1/sign-ins", ada.token);
    const methods = history.json().signIns.map((signIn: { method: string }) => signIn.method);
    expect(methods).toEqual(["password"]);
  });

  test("her passkey does not clear the count of password guesses at her account", async () => {
    const ada = await pendingAda();
    expect([await wrongPassword(), await wrongPassword()]).toEqual([WRONG, WRONG]);
    expect((await passkeySignIn(ada.device)).json().state).toBe("REQUIRE_OWNER_APPROVAL");
    expect(await wrongPassword()).toBe(WRONG);
    expect(await wrongPassword()).toBe("IDENTITY_THROTTLED");
  });
});

test("an active member's passkey sign-in clears the guesses at her password", async () => {
  const ada = await p.memberWithPasskey(ADA);
  expect([await wrongPassword(), await wrongPassword()]).toEqual([WRONG, WRONG]);
  expect((await passkeySignIn(ada.device)).json().state).toBe("SUCCESS");
  const guesses = [await wrongPassword(), await wrongPassword(), await wrongPassword()];
  expect(guesses).toEqual(Array(3).fill(WRONG));
  expect(await wrongPassword()).toBe("IDENTITY_THROTTLED");
});
