/**
 * Members' passkeys (issue 22), written as the attacks they stop: answers replayed, late, for
 * another site, signed by another key, from a cloned authenticator, or for another account.
 * The answers come from a software authenticator (real ES256 signatures, attestation `none`).
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { codeOf } from "../test-helpers/api.ts";
import { createMemberKit, type MemberKit, ORIGIN } from "../test-helpers/identity-kit.ts";
import { createSoftAuthenticator, strangerKey } from "../test-helpers/soft-authenticator.ts";
import { enrolTotp } from "../test-helpers/totp-enrolment.ts";

const ADA = "ada@example.com";
const EVE = "eve@example.com";
const OWN = "/_api/iam/passkeys/v1";
const AUTH = "/_api/iam/authentication/v2";

let k: MemberKit;
beforeEach(async () => {
  k = await createMemberKit();
});
afterEach(() => k.close());

type Authenticator = ReturnType<typeof createSoftAuthenticator>;

const call = (method: "GET" | "PATCH" | "DELETE", url: string, token: string, payload?: unknown) =>
  k.app.inject({
    method,
    url,
    headers: {
      host: "store.test",
      authorization: token,
      ...(payload === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });

async function addPasskey(token: string, device: Authenticator, name?: string, origin = ORIGIN) {
  const start = (await k.post(`${OWN}/registration-options`, {}, { authorization: token })).json();
  const credential = device.create(start.options, origin);
  return k.post(
    `${OWN}/passkeys`,
    { challengeId: start.challengeId, credential, ...(name === undefined ? {} : { name }) },
    { authorization: token },
  );
}

async function signInOptions(stateToken?: string) {
  const answer = await k.post(`${AUTH}/webauthn/options`, stateToken ? { stateToken } : {});
  return answer.json() as { challengeId: string; options: { challenge: string; rpId: string } };
}

const signIn = (challengeId: string, credential: unknown) =>
  k.post(`${AUTH}/webauthn/login`, { challengeId, credential });

async function memberWithPasskey(email: string) {
  const member = await k.signedInMember(email);
  const device = createSoftAuthenticator();
  expect((await addPasskey(member.token, device)).statusCode).toBe(200);
  return { ...member, device };
}

describe("a member's passkeys", () => {
  test("several passkeys per member, each named, renamed and removed", async () => {
    const ada = await k.signedInMember(ADA);
    const phone = createSoftAuthenticator();
    const laptop = createSoftAuthenticator();
    const first = (await addPasskey(ada.token, phone, "Phone")).json().passkey;
    expect((await addPasskey(ada.token, laptop)).json().passkey.name).toBe("Passkey 2");
    const renamed = await call("PATCH", `${OWN}/passkeys/${first.id}`, ada.token, {
      name: " Old phone ",
    });
    expect(renamed.json().passkey.name).toBe("Old phone");
    expect((await call("DELETE", `${OWN}/passkeys/${first.id}`, ada.token)).statusCode).toBe(200);
    const list = (await call("GET", `${OWN}/passkeys`, ada.token)).json().passkeys;
    expect(list.map((p: { name: string }) => p.name)).toEqual(["Passkey 2"]);
    // The removed one no longer signs in.
    const options = await signInOptions();
    const refused = await signIn(options.challengeId, phone.get(options.options, ORIGIN));
    expect(codeOf(refused)).toBe("PASSKEY_NOT_ACCEPTED");
  });

  test("another member cannot rename, remove or list someone's passkey", async () => {
    const ada = await memberWithPasskey(ADA);
    const eve = await k.signedInMember(EVE);
    const [passkey] = (await call("GET", `${OWN}/passkeys`, ada.token)).json().passkeys;
    const rename = await call("PATCH", `${OWN}/passkeys/${passkey.id}`, eve.token, { name: "x" });
    expect(codeOf(rename)).toBe("PASSKEY_NOT_FOUND");
    expect(codeOf(await call("DELETE", `${OWN}/passkeys/${passkey.id}`, eve.token))).toBe(
      "PASSKEY_NOT_FOUND",
    );
    expect((await call("GET", `${OWN}/passkeys`, eve.token)).json().passkeys).toEqual([]);
    expect((await call("GET", `${OWN}/passkeys`, "")).statusCode).toBe(401);
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
    const refused = await addPasskey(
      ada.token,
      createSoftAuthenticator(),
      "x",
      "https://evil.test",
    );
    expect(codeOf(refused)).toBe("PASSKEY_NOT_ACCEPTED");
    expect((await call("GET", `${OWN}/passkeys`, ada.token)).json().passkeys).toEqual([]);
  });
});

describe("signing in with a passkey alone", () => {
  test("a passkey signs its member in without an e-mail typed", async () => {
    const ada = await memberWithPasskey(ADA);
    const options = await signInOptions();
    expect(options.options.rpId).toBe("store.test");
    const answer = await signIn(options.challengeId, ada.device.get(options.options, ORIGIN));
    expect(answer.json()).toMatchObject({ state: "SUCCESS", identity: { id: ada.id } });
    expect(typeof answer.json().sessionToken).toBe("string");
    const history = await call("GET", "/_api/account/v1/sign-ins", ada.token);
    expect(history.json().signIns).toContainEqual(
      expect.objectContaining({ outcome: "success", method: "passkey" }),
    );
  });

  test("an answer replayed is refused: each challenge is used once", async () => {
    const ada = await memberWithPasskey(ADA);
    const options = await signInOptions();
    const credential = ada.device.get(options.options, ORIGIN);
    expect((await signIn(options.challengeId, credential)).json().state).toBe("SUCCESS");
    expect(codeOf(await signIn(options.challengeId, credential))).toBe("PASSKEY_CHALLENGE_INVALID");
  });

  test("an answer after the challenge expired is refused", async () => {
    const ada = await memberWithPasskey(ADA);
    const options = await signInOptions();
    k.clock.ms += 6 * 60_000;
    const late = await signIn(options.challengeId, ada.device.get(options.options, ORIGIN));
    expect(codeOf(late)).toBe("PASSKEY_CHALLENGE_INVALID");
  });

  test("an answer signed by another key is refused", async () => {
    const ada = await memberWithPasskey(ADA);
    const options = await signInOptions();
    const forged = ada.device.get(options.options, ORIGIN, { signWith: strangerKey() });
    expect(codeOf(await signIn(options.challengeId, forged))).toBe("PASSKEY_NOT_ACCEPTED");
  });

  test("an answer phished on another origin is refused", async () => {
    const ada = await memberWithPasskey(ADA);
    const options = await signInOptions();
    const phished = ada.device.get(options.options, "https://store.test.evil.example");
    expect(codeOf(await signIn(options.challengeId, phished))).toBe("PASSKEY_NOT_ACCEPTED");
    const otherRp = ada.device.get({ ...options.options, rpId: "evil.example" }, ORIGIN);
    const next = await signInOptions();
    expect(codeOf(await signIn(next.challengeId, otherRp))).toBe("PASSKEY_NOT_ACCEPTED");
  });

  test("a cloned authenticator, whose counter goes backwards, is refused", async () => {
    const ada = await memberWithPasskey(ADA);
    const first = await signInOptions();
    const original = ada.device.get(first.options, ORIGIN, { counter: 5 });
    expect((await signIn(first.challengeId, original)).json().state).toBe("SUCCESS");
    const second = await signInOptions();
    const clone = ada.device.get(second.options, ORIGIN, { counter: 3 });
    expect(codeOf(await signIn(second.challengeId, clone))).toBe("PASSKEY_NOT_ACCEPTED");
    const third = await signInOptions();
    const same = ada.device.get(third.options, ORIGIN, { counter: 5 });
    expect(codeOf(await signIn(third.challengeId, same))).toBe("PASSKEY_NOT_ACCEPTED");
  });

  test("a credential the store never saw is refused", async () => {
    const stranger = createSoftAuthenticator();
    stranger.create({ challenge: "x", rp: { id: "store.test" }, user: { id: "nobody" } }, ORIGIN);
    const options = await signInOptions();
    const answer = await signIn(options.challengeId, stranger.get(options.options, ORIGIN));
    expect(codeOf(answer)).toBe("PASSKEY_NOT_ACCEPTED");
  });

  test("a blocked member's passkey signs nobody in", async () => {
    const ada = await memberWithPasskey(ADA);
    k.db.prepare("UPDATE identities SET status = 'BLOCKED' WHERE id = ?").run(ada.id);
    const options = await signInOptions();
    const answer = await signIn(options.challengeId, ada.device.get(options.options, ORIGIN));
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

  const verify = (stateToken: string, challengeId: string, credential: unknown) =>
    k.post(`${AUTH}/webauthn/verify`, {
      stateToken,
      webauthnData: { challengeId, credential },
    });

  test("an account with a second factor finishes its sign-in with a passkey", async () => {
    const ada = await memberWithPasskey(ADA);
    await enrolTotp(k, ADA);
    const stateToken = await mfaStep(ADA);
    const options = await signInOptions(stateToken);
    const answer = await verify(
      stateToken,
      options.challengeId,
      ada.device.get(options.options, ORIGIN),
    );
    expect(answer.json()).toMatchObject({ state: "SUCCESS", identity: { id: ada.id } });
  });

  test("another account's passkey does not finish someone's second step", async () => {
    await memberWithPasskey(ADA);
    await enrolTotp(k, ADA);
    const eve = await memberWithPasskey(EVE);
    const stateToken = await mfaStep(ADA);
    const options = await signInOptions(stateToken);
    const answer = await verify(
      stateToken,
      options.challengeId,
      eve.device.get({ ...options.options }, ORIGIN),
    );
    expect(codeOf(answer)).toBe("PASSKEY_NOT_ACCEPTED");
  });

  test("a sign-in challenge is not accepted for a second step, nor the reverse", async () => {
    const ada = await memberWithPasskey(ADA);
    await enrolTotp(k, ADA);
    const stateToken = await mfaStep(ADA);
    const loose = await signInOptions();
    const answer = await verify(
      stateToken,
      loose.challengeId,
      ada.device.get(loose.options, ORIGIN),
    );
    expect(codeOf(answer)).toBe("PASSKEY_CHALLENGE_INVALID");
    const bound = await signInOptions(stateToken);
    const alone = await signIn(bound.challengeId, ada.device.get(bound.options, ORIGIN));
    expect(codeOf(alone)).toBe("PASSKEY_CHALLENGE_INVALID");
  });

  test("a passkey alone signs in an account with a second factor (it is both)", async () => {
    const ada = await memberWithPasskey(ADA);
    await enrolTotp(k, ADA);
    const options = await signInOptions();
    const answer = await signIn(options.challengeId, ada.device.get(options.options, ORIGIN));
    expect(answer.json().state).toBe("SUCCESS");
  });
});
