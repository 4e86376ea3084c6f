/**
 * A member's passkeys at their edges: a name's length, the 20 passkeys an account may
 * hold (also when two registrations race for the last place), what the browser is asked for, the
 * transports a client makes up, and the list's dates.
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createMemberKit, type MemberKit, ORIGIN } from "../../main/test-kit/identity-kit.ts";
import { OWN, passkeyCalls, refusalOf } from "../../main/test-kit/passkey-kit.ts";
import { createSoftAuthenticator } from "../../main/test-kit/soft-authenticator.ts";
import { passwordStep, turnTotpOn } from "../../main/test-kit/totp-member.ts";

const ADA = "ada@example.com";
const EVE = "eve@example.com";
const LIMIT_REACHED = {
  status: 409,
  code: "PASSKEY_LIMIT_REACHED",
  message: "An account holds at most 20 passkeys",
};
const NAME_REFUSED = {
  message: "invalid request",
  details: {
    validationError: {
      fieldViolations: [
        {
          field: "name",
          description: "must be 1 to 60 characters",
          violatedRule: "FORMAT",
          data: {},
        },
      ],
    },
  },
};

let k: MemberKit;
let p: ReturnType<typeof passkeyCalls>;
beforeEach(async () => {
  k = await createMemberKit();
  p = passkeyCalls(k);
});
afterEach(() => k.close());

const rename = (token: string, id: string, name: unknown) =>
  p.call("PATCH", `${OWN}/passkeys/${id}`, token, { name });

async function addPasskeys(token: string, count: number) {
  for (let i = 0; i < count; i++) {
    const added = await p.addPasskey(token, createSoftAuthenticator());
    expect(added.statusCode).toBe(200);
  }
}

describe("a passkey's name", () => {
  test("60 characters are kept, 61 are refused with the name's violation", async () => {
    const ada = await p.memberWithPasskey(ADA);
    const sixty = "n".repeat(60);
    expect((await rename(ada.token, ada.passkeyId, ` ${sixty} `)).json().passkey.name).toBe(sixty);
    const long = await rename(ada.token, ada.passkeyId, `${sixty}x`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual(NAME_REFUSED);
    const start = await p.registrationOptions(ada.token);
    const added = await p.finishRegistration(ada.token, {
      challengeId: start.challengeId,
      credential: createSoftAuthenticator().create(start.options, ORIGIN),
      name: `${sixty}x`,
    });
    expect(added.json()).toEqual(NAME_REFUSED);
    expect((await p.listPasskeys(ada.token)).map((passkey) => passkey.name)).toEqual([sixty]);
  });

  test("a passkey cannot be renamed to nothing", async () => {
    const ada = await p.memberWithPasskey(ADA);
    for (const name of ["", "   ", null, 42]) {
      const blank = await rename(ada.token, ada.passkeyId, name);
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toEqual(NAME_REFUSED);
    }
    expect((await p.listPasskeys(ada.token)).map((passkey) => passkey.name)).toEqual(["Passkey 1"]);
  });
});

describe("at most 20 passkeys an account", () => {
  test("with 20 passkeys, adding a 21st is refused at its start", async () => {
    const ada = await k.signedInMember(ADA);
    await addPasskeys(ada.token, 20);
    const start = await k.post(`${OWN}/registration-options`, {}, { authorization: ada.token });
    expect(refusalOf(start)).toEqual(LIMIT_REACHED);
  });

  test("two registrations started at 19 passkeys: the second to finish is refused", async () => {
    const ada = await k.signedInMember(ADA);
    await addPasskeys(ada.token, 19);
    const first = await p.registrationOptions(ada.token);
    const second = await p.registrationOptions(ada.token);
    const finish = (start: typeof first) =>
      p.finishRegistration(ada.token, {
        challengeId: start.challengeId,
        credential: createSoftAuthenticator().create(start.options, ORIGIN),
      });
    expect((await finish(first)).json().passkey.name).toBe("Passkey 20");
    expect(refusalOf(await finish(second))).toEqual(LIMIT_REACHED);
    expect(await p.listPasskeys(ada.token)).toHaveLength(20);
  });
});

describe("what the browser is asked for", () => {
  test("a new passkey: discoverable, user verified, no attestation, not one Ada holds", async () => {
    const ada = await p.memberWithPasskey(ADA);
    const { options } = await p.registrationOptions(ada.token);
    expect(options).toMatchObject({
      rp: { name: "Your account", id: "store.test" },
      user: { id: Buffer.from(ada.id).toString("base64url"), name: ADA },
      attestation: "none",
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
      timeout: 300_000,
      excludeCredentials: [{ id: ada.passkeyId, type: "public-key", transports: ["internal"] }],
    });
  });

  test("a sign-in: any passkey of this site, user verified", async () => {
    await p.memberWithPasskey(ADA);
    const { options } = await p.signInOptions();
    expect(options).toMatchObject({
      rpId: "store.test",
      allowCredentials: [],
      userVerification: "required",
      timeout: 300_000,
    });
  });

  test("a second step: only the passkeys of that account, user verified", async () => {
    const ada = await p.memberWithPasskey(ADA);
    await p.memberWithPasskey(EVE);
    await turnTotpOn(k, ada.id, ADA);
    const { options } = await p.signInOptions(await passwordStep(k, ADA));
    expect(options).toMatchObject({
      rpId: "store.test",
      allowCredentials: [{ id: ada.passkeyId, type: "public-key", transports: ["internal"] }],
      userVerification: "required",
    });
  });

  test("transports a client made up are not handed to the browser later", async () => {
    const ada = await k.signedInMember(ADA);
    const register = async (transports: unknown) => {
      const start = await p.registrationOptions(ada.token);
      const credential = createSoftAuthenticator().create(start.options, ORIGIN);
      const response = { ...credential.response, transports };
      if (transports === undefined) delete response.transports;
      const added = await p.finishRegistration(ada.token, {
        challengeId: start.challengeId,
        credential: { ...credential, response },
      });
      return added.json().passkey.id as string;
    };
    const odd = await register(["usb", 7, { toString: "nfc" }, null, "hybrid"]);
    k.clock.ms += 1000; // listed oldest first
    const none = await register(undefined);
    const { options } = await p.registrationOptions(ada.token);
    expect(options.excludeCredentials).toEqual([
      { id: odd, type: "public-key", transports: ["usb", "hybrid"] },
      { id: none, type: "public-key", transports: [] },
    ]);
  });
});

describe("the list's dates", () => {
  test("a passkey never used has no last use; a sign-in sets it", async () => {
    const added = k.clock.ms;
    const ada = await p.memberWithPasskey(ADA);
    expect(await p.listPasskeys(ada.token)).toEqual([
      {
        id: ada.passkeyId,
        name: "Passkey 1",
        createdDate: new Date(added).toISOString(),
        lastUsedDate: null,
      },
    ]);
    k.clock.ms += 60_000;
    const options = await p.signInOptions();
    await p.signIn(options.challengeId, ada.device.get(options.options, ORIGIN));
    const [used] = await p.listPasskeys(ada.token);
    expect(used?.lastUsedDate).toBe(new Date(k.clock.ms).toISOString());
  });
});
