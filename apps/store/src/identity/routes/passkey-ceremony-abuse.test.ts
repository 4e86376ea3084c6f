/**
 * The passkey ceremonies against answers that do not belong: a challenge taken to
 * another ceremony, another account or another sign-in attempt, a credential that is not one,
 * an authenticator that did not verify its user, a forged attestation.
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createMemberKit, type MemberKit, ORIGIN } from "../../main/test-kit/identity-kit.ts";
import {
  CHALLENGE_INVALID,
  NOT_ACCEPTED,
  passkeyCalls,
  refusalOf,
} from "../../main/test-kit/passkey-kit.ts";
import { createSoftAuthenticator } from "../../main/test-kit/soft-authenticator.ts";
import { passwordStep, turnTotpOn } from "../../main/test-kit/totp-member.ts";

const ADA = "ada@example.com";
const EVE = "eve@example.com";

let k: MemberKit;
let p: ReturnType<typeof passkeyCalls>;
beforeEach(async () => {
  k = await createMemberKit();
  p = passkeyCalls(k);
});
afterEach(() => k.close());

/** Ada with a passkey and two-step verification: her password leads to a second step. */
async function adaWithSecondStep() {
  const ada = await p.memberWithPasskey(ADA);
  await turnTotpOn(k, ada.id, ADA);
  return ada;
}

describe("a challenge answered for something else", () => {
  test("a second step's challenge does not register a passkey", async () => {
    const ada = await adaWithSecondStep();
    const step = await p.signInOptions(await passwordStep(k, ADA));
    const credential = createSoftAuthenticator().create(
      { challenge: step.options.challenge, rp: { id: "store.test" }, user: { id: "ada" } },
      ORIGIN,
    );
    const added = await p.finishRegistration(ada.token, {
      challengeId: step.challengeId,
      credential,
    });
    expect(refusalOf(added)).toEqual(CHALLENGE_INVALID);
    expect(await p.listPasskeys(ada.token)).toHaveLength(1);
  });

  test("a registration Ada started does not add a passkey to Eve's account", async () => {
    const ada = await k.signedInMember(ADA);
    const eve = await k.signedInMember(EVE);
    const start = await p.registrationOptions(ada.token);
    const credential = createSoftAuthenticator().create(start.options, ORIGIN);
    const added = await p.finishRegistration(eve.token, {
      challengeId: start.challengeId,
      credential,
    });
    expect(refusalOf(added)).toEqual(CHALLENGE_INVALID);
    expect(await p.listPasskeys(eve.token)).toEqual([]);
  });

  test("a passkey answer for one sign-in attempt does not finish another", async () => {
    const ada = await adaWithSecondStep();
    const first = await passwordStep(k, ADA);
    const second = await passwordStep(k, ADA);
    const options = await p.signInOptions(first);
    const answer = ada.device.get(options.options, ORIGIN);
    expect(refusalOf(await p.verify(second, options.challengeId, answer))).toEqual(
      CHALLENGE_INVALID,
    );
  });

  test("a passkey the store never saw does not finish a second step", async () => {
    await adaWithSecondStep();
    const stranger = createSoftAuthenticator();
    stranger.create({ challenge: "x", rp: { id: "store.test" }, user: { id: "x" } }, ORIGIN);
    const stateToken = await passwordStep(k, ADA);
    const options = await p.signInOptions(stateToken);
    const answer = stranger.get(options.options, ORIGIN);
    expect(refusalOf(await p.verify(stateToken, options.challengeId, answer))).toEqual(
      NOT_ACCEPTED,
    );
  });
});

describe("one credential, one sign-in", () => {
  test("Eve cannot register the credential id of Ada's passkey", async () => {
    const ada = await p.memberWithPasskey(ADA);
    const eve = await k.signedInMember(EVE);
    const [adaKey] = ada.device.passkeys;
    const start = await p.registrationOptions(eve.token);
    const copy = createSoftAuthenticator().create(start.options, ORIGIN, { id: adaKey?.id });
    const added = await p.finishRegistration(eve.token, {
      challengeId: start.challengeId,
      credential: copy,
    });
    expect(refusalOf(added)).toEqual(NOT_ACCEPTED);
    expect(await p.listPasskeys(eve.token)).toEqual([]);
    const options = await p.signInOptions();
    const answer = await p.signIn(options.challengeId, ada.device.get(options.options, ORIGIN));
    expect(answer.json()).toMatchObject({ state: "SUCCESS", identity: { id: ada.id } });
  });

  test("a clone racing the original with the same counter signs in once", async () => {
    const ada = await p.memberWithPasskey(ADA);
    const [first, second] = [await p.signInOptions(), await p.signInOptions()];
    const original = ada.device.get(first.options, ORIGIN, { counter: 5 });
    const clone = ada.device.get(second.options, ORIGIN, { counter: 5 });
    const answers = await Promise.all([
      p.signIn(first.challengeId, original),
      p.signIn(second.challengeId, clone),
    ]);
    const outcomes = answers.map((answer) => answer.json().state ?? refusalOf(answer).code);
    expect(outcomes.sort()).toEqual(["PASSKEY_NOT_ACCEPTED", "SUCCESS"]);
  });
});

describe("answers that are not a credential", () => {
  test.each([
    ["no credential", undefined],
    ["a string", "credential"],
    ["no id", { type: "public-key", response: {} }],
    ["an id that is an object", { id: { $ne: "" }, type: "public-key", response: {} }],
    ["an id that is a number", { id: 7, type: "public-key", response: {} }],
  ])("a sign-in answer with %s is refused", async (_, credential) => {
    const options = await p.signInOptions();
    expect(refusalOf(await p.signIn(options.challengeId, credential))).toEqual(NOT_ACCEPTED);
  });

  test.each([
    ["no credential", undefined],
    ["a string", "credential"],
  ])("a registration with %s is refused", async (_, credential) => {
    const ada = await k.signedInMember(ADA);
    const start = await p.registrationOptions(ada.token);
    const added = await p.finishRegistration(ada.token, {
      challengeId: start.challengeId,
      credential,
    });
    expect(refusalOf(added)).toEqual(NOT_ACCEPTED);
  });
});

describe("authenticators the store does not trust", () => {
  test("an authenticator that did not verify its user adds no passkey", async () => {
    const ada = await k.signedInMember(ADA);
    const refused = await p.addPasskey(ada.token, createSoftAuthenticator({ userVerified: false }));
    expect(refusalOf(refused)).toEqual(NOT_ACCEPTED);
    expect(await p.listPasskeys(ada.token)).toEqual([]);
  });

  test("a passkey used without its user verified signs nobody in", async () => {
    const ada = await p.memberWithPasskey(ADA);
    const [passkey] = ada.device.passkeys;
    const unverified = createSoftAuthenticator({ userVerified: false });
    const options = await p.signInOptions();
    const answer = unverified.get(options.options, ORIGIN, { passkey });
    expect(refusalOf(await p.signIn(options.challengeId, answer))).toEqual(NOT_ACCEPTED);
  });

  test("a registration whose attestation another key signed adds no passkey", async () => {
    const ada = await k.signedInMember(ADA);
    const start = await p.registrationOptions(ada.token);
    const credential = createSoftAuthenticator().create(start.options, ORIGIN, {
      forgeAttestation: true,
    });
    const added = await p.finishRegistration(ada.token, {
      challengeId: start.challengeId,
      credential,
    });
    expect(refusalOf(added)).toEqual(NOT_ACCEPTED);
    expect(await p.listPasskeys(ada.token)).toEqual([]);
  });
});

describe("long credential ids", () => {
  const register = async (idBytes: number) => {
    const ada = await k.signedInMember(ADA);
    const device = createSoftAuthenticator();
    const start = await p.registrationOptions(ada.token);
    const credential = device.create(start.options, ORIGIN, { idBytes });
    const added = await p.finishRegistration(ada.token, {
      challengeId: start.challengeId,
      credential,
    });
    return { ada, device, credential, added };
  };

  test("a passkey whose id is WebAuthn's longest (1023 bytes, 1364 characters) signs in", async () => {
    const { ada, device, credential, added } = await register(1023);
    expect(credential.id).toHaveLength(1364);
    expect(added.statusCode).toBe(200);
    const options = await p.signInOptions();
    const answer = await p.signIn(options.challengeId, device.get(options.options, ORIGIN));
    expect(answer.json()).toMatchObject({ state: "SUCCESS", identity: { id: ada.id } });
  });

  test("an id longer than WebAuthn allows is refused when registered, not stored to fail later", async () => {
    const { ada, added } = await register(1024);
    expect(refusalOf(added)).toEqual(NOT_ACCEPTED);
    expect(await p.listPasskeys(ada.token)).toEqual([]);
  });

  test("an id sent to sign in longer than WebAuthn allows is refused", async () => {
    const { device } = await register(1023);
    const options = await p.signInOptions();
    const answer = device.get(options.options, ORIGIN);
    const padded = { ...answer, id: `${answer.id}A`, rawId: `${answer.rawId}A` };
    expect(refusalOf(await p.signIn(options.challengeId, padded))).toEqual(NOT_ACCEPTED);
  });
});
