/**
 * Members' passkeys, written as the attacks they stop: answers replayed, late, for
 * another site, signed by another key, from a cloned authenticator, or for another account.
 * The answers come from a software authenticator (real ES256 signatures, attestation `none`).
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { codeOf } from "../../main/test-kit/api.ts";
import { createMemberKit, type MemberKit, ORIGIN } from "../../main/test-kit/identity-kit.ts";
import { AUTH, OWN, type PasskeyCalls, passkeyCalls } from "../../main/test-kit/passkey-kit.ts";
import { createSoftAuthenticator, strangerKey } from "../../main/test-kit/soft-authenticator.ts";
import { enrolTotp } from "../../main/test-kit/totp-member.ts";

const ADA = "ada@example.com";
const EVE = "eve@example.com";
let k: MemberKit;
let p: PasskeyCalls;
beforeEach(async () => {
  k = await createMemberKit();
  p = passkeyCalls(k);
});
afterEach(() => k.close());

describe("a member's passkeys", () => {
  test("several passkeys per member, each named, renamed and removed", async () => {
    const ada = await k.signedInMember(ADA);
    const phone = createSoftAuthenticator();
    const laptop = createSoftAuthenticator();
    const first = (await p.addPasskey(ada.token, phone, "Phone")).json().passkey;
    expect((await p.addPasskey(ada.token, laptop)).json().passkey.name).toBe("Passkey 2");
    const renamed = await p.call("PATCH", `${OWN}/passkeys/${first.id}`, ada.token, {
      name: " Old phone ",
    });
    expect(renamed.json().passkey.name).toBe("Old phone");
    expect((await p.call("DELETE", `${OWN}/passkeys/${first.id}`, ada.token)).statusCode).toBe(200);
    const list = (await p.call("GET", `${OWN}/passkeys`, ada.token)).json().passkeys;
    expect(list.map((p: { name: string }) => p.name)).toEqual(["Passkey 2"]);
    // The removed one no longer signs in.
    const options = await p.signInOptions();
    const refused = await p.signIn(options.challengeId, phone.get(options.options, ORIGIN));
    expect(codeOf(refused)).toBe("PASSKEY_NOT_ACCEPTED");
  });

  test("another member cannot rename, remove or list someone's passkey", async () => {
    const ada = await p.memberWithPasskey(ADA);
    const eve = await k.signedInMember(EVE);
    const [passkey] = (await p.call("GET", `${OWN}/passkeys`, ada.token)).json().passkeys;
    const rename = await p.call("PATCH", `${OWN}/passkeys/${passkey.id}`, eve.token, { name: "x" });
    expect(codeOf(rename)).toBe("PASSKEY_NOT_FOUND");
    expect(codeOf(await p.call("DELETE", `${OWN}/passkeys/${passkey.id}`, eve.token))).toBe(
      "PASSKEY_NOT_FOUND",
    );
    expect((await p.call("GET", `${OWN}/passkeys`, eve.token)).json().passkeys).toEqual([]);
    expect((await p.call("GET", `${OWN}/passkeys`, "")).statusCode).toBe(401);
  });

  test("a stolen token older than 10 minutes cannot add a passkey", async () => {
    const ada = await k.signedInMember(ADA);
    const start = (
      await k.post(`${OWN}/registration-options`, {}, { authorization: ada.token })
    ).json();
    k.clock.ms += 11 * 60_000;
    const credential = createSoftAuthenticator().create(start.options, ORIGIN);
    const late = { challengeId: start.challengeId, credential };
    const refused = await k.post(`${OWN}/passkeys`, late, { authorization: ada.token });
    expect(codeOf(refused)).toBe("IDENTITY_REAUTHENTICATION_REQUIRED");
    const options = await k.post(`${OWN}/registration-options`, {}, { authorization: ada.token });
    expect(codeOf(options)).toBe("IDENTITY_REAUTHENTICATION_REQUIRED");
  });

  test("a passkey made for another site is not added", async () => {
    const ada = await k.signedInMember(ADA);
    const refused = await p.addPasskey(
      ada.token,
      createSoftAuthenticator(),
      "x",
      "https://evil.test",
    );
    expect(codeOf(refused)).toBe("PASSKEY_NOT_ACCEPTED");
    expect((await p.call("GET", `${OWN}/passkeys`, ada.token)).json().passkeys).toEqual([]);
  });
});

describe("signing in with a passkey alone", () => {
  test("a passkey signs its member in without an e-mail typed", async () => {
    const ada = await p.memberWithPasskey(ADA);
    const options = await p.signInOptions();
    expect(options.options.rpId).toBe("store.test");
    const answer = await p.signIn(options.challengeId, ada.device.get(options.options, ORIGIN));
    expect(answer.json()).toMatchObject({ state: "SUCCESS", identity: { id: ada.id } });
    expect(typeof answer.json().sessionToken).toBe("string");
    const history = await p.call("GET", "/_api/account/v1/sign-ins", ada.token);
    expect(history.json().signIns).toContainEqual(
      expect.objectContaining({ outcome: "success", method: "passkey" }),
    );
  });

  test("an answer replayed is refused: each challenge is used once", async () => {
    const ada = await p.memberWithPasskey(ADA);
    const options = await p.signInOptions();
    const credential = ada.device.get(options.options, ORIGIN);
    expect((await p.signIn(options.challengeId, credential)).json().state).toBe("SUCCESS");
    expect(codeOf(await p.signIn(options.challengeId, credential))).toBe(
      "PASSKEY_CHALLENGE_INVALID",
    );
  });

  test("an answer after the challenge expired is refused", async () => {
    const ada = await p.memberWithPasskey(ADA);
    const options = await p.signInOptions();
    k.clock.ms += 6 * 60_000;
    const late = await p.signIn(options.challengeId, ada.device.get(options.options, ORIGIN));
    expect(codeOf(late)).toBe("PASSKEY_CHALLENGE_INVALID");
  });

  test("an answer signed by another key is refused", async () => {
    const ada = await p.memberWithPasskey(ADA);
    const options = await p.signInOptions();
    const forged = ada.device.get(options.options, ORIGIN, { signWith: strangerKey() });
    expect(codeOf(await p.signIn(options.challengeId, forged))).toBe("PASSKEY_NOT_ACCEPTED");
  });

  test("an answer phished on another origin is refused", async () => {
    const ada = await p.memberWithPasskey(ADA);
    const options = await p.signInOptions();
    const phished = ada.device.get(options.options, "https://store.test.evil.example");
    expect(codeOf(await p.signIn(options.challengeId, phished))).toBe("PASSKEY_NOT_ACCEPTED");
    const otherRp = ada.device.get({ ...options.options, rpId: "evil.example" }, ORIGIN);
    const next = await p.signInOptions();
    expect(codeOf(await p.signIn(next.challengeId, otherRp))).toBe("PASSKEY_NOT_ACCEPTED");
  });

  test("a cloned authenticator, whose counter goes backwards, is refused", async () => {
    const ada = await p.memberWithPasskey(ADA);
    const first = await p.signInOptions();
    const original = ada.device.get(first.options, ORIGIN, { counter: 5 });
    expect((await p.signIn(first.challengeId, original)).json().state).toBe("SUCCESS");
    const second = await p.signInOptions();
    const clone = ada.device.get(second.options, ORIGIN, { counter: 3 });
    expect(codeOf(await p.signIn(second.challengeId, clone))).toBe("PASSKEY_NOT_ACCEPTED");
    const third = await p.signInOptions();
    const same = ada.device.get(third.options, ORIGIN, { counter: 5 });
    expect(codeOf(await p.signIn(third.challengeId, same))).toBe("PASSKEY_NOT_ACCEPTED");
  });

  test("a credential the store never saw is refused", async () => {
    const stranger = createSoftAuthenticator();
    stranger.create({ challenge: "x", rp: { id: "store.test" }, user: { id: "nobody" } }, ORIGIN);
    const options = await p.signInOptions();
    const answer = await p.signIn(options.challengeId, stranger.get(options.options, ORIGIN));
    expect(codeOf(answer)).toBe("PASSKEY_NOT_ACCEPTED");
  });

  test("a blocked member's passkey signs nobody in", async () => {
    const ada = await p.memberWithPasskey(ADA);
    k.db.prepare("UPDATE identities SET status = 'BLOCKED' WHERE id = ?").run(ada.id);
    const options = await p.signInOptions();
    const answer = await p.signIn(options.challengeId, ada.device.get(options.options, ORIGIN));
    expect(codeOf(answer)).toBe("PASSKEY_NOT_ACCEPTED");
  });

  test("passkey sign-ins from one address count against the sign-in limit", async () => {
    const limited = await createMemberKit({ config: { loginMaxPerAddress: 2 } });
    try {
      for (let i = 0; i < 2; i++) {
        const options = (await limited.post(`${AUTH}/webauthn/options`, {})).json();
        await limited.post(`${AUTH}/webauthn/login`, { challengeId: options.challengeId });
      }
      const options = (await limited.post(`${AUTH}/webauthn/options`, {})).json();
      const third = await limited.post(`${AUTH}/webauthn/login`, {
        challengeId: options.challengeId,
      });
      expect(codeOf(third)).toBe("IDENTITY_THROTTLED");
    } finally {
      await limited.close();
    }
  });
});

describe("a passkey as the second step", () => {
  async function mfaStep(email: string) {
    const login = await k.post(`${AUTH}/login`, {
      loginId: { email },
      password: "correct horse battery",
    });
    expect(login.json().state).toBe("REQUIRE_MFA");
    return login.json().stateToken as string;
  }

  test("an account with a second factor finishes its sign-in with a passkey", async () => {
    const ada = await p.memberWithPasskey(ADA);
    await enrolTotp(k, ADA);
    const stateToken = await mfaStep(ADA);
    const options = await p.signInOptions(stateToken);
    const answer = await p.verify(
      stateToken,
      options.challengeId,
      ada.device.get(options.options, ORIGIN),
    );
    expect(answer.json()).toMatchObject({ state: "SUCCESS", identity: { id: ada.id } });
  });

  test("another account's passkey does not finish someone's second step", async () => {
    await p.memberWithPasskey(ADA);
    await enrolTotp(k, ADA);
    const eve = await p.memberWithPasskey(EVE);
    const stateToken = await mfaStep(ADA);
    const options = await p.signInOptions(stateToken);
    const answer = await p.verify(
      stateToken,
      options.challengeId,
      eve.device.get({ ...options.options }, ORIGIN),
    );
    expect(codeOf(answer)).toBe("PASSKEY_NOT_ACCEPTED");
  });

  test("a sign-in challenge is not accepted for a second step, nor the reverse", async () => {
    const ada = await p.memberWithPasskey(ADA);
    await enrolTotp(k, ADA);
    const stateToken = await mfaStep(ADA);
    const loose = await p.signInOptions();
    const answer = await p.verify(
      stateToken,
      loose.challengeId,
      ada.device.get(loose.options, ORIGIN),
    );
    expect(codeOf(answer)).toBe("PASSKEY_CHALLENGE_INVALID");
    const bound = await p.signInOptions(stateToken);
    const alone = await p.signIn(bound.challengeId, ada.device.get(bound.options, ORIGIN));
    expect(codeOf(alone)).toBe("PASSKEY_CHALLENGE_INVALID");
  });

  test("a passkey alone signs in an account with a second factor (it is both)", async () => {
    const ada = await p.memberWithPasskey(ADA);
    await enrolTotp(k, ADA);
    const options = await p.signInOptions();
    const answer = await p.signIn(options.challengeId, ada.device.get(options.options, ORIGIN));
    expect(answer.json().state).toBe("SUCCESS");
  });
});
