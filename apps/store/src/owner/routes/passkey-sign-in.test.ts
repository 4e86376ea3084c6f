/**
 * The editor's passkeys: the owner adds one, then signs in with it alone or as the
 * second step; a forged answer, a member's passkey and the owner's passkey on the members'
 * sign-in are refused. Development store: the relying party is `http://localhost`.
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  createOwnerKit,
  type OwnerKit,
  type SignedIn,
  sessionCookieOf,
} from "../../main/test-kit/owner-signed-in.ts";
import { createSoftAuthenticator, strangerKey } from "../../main/test-kit/soft-authenticator.ts";

const ORIGIN = "http://localhost";

let kit: OwnerKit;
beforeEach(async () => {
  kit = await createOwnerKit();
});
afterEach(() => kit.app.close());

const codeOf = (response: { json: () => unknown }) =>
  (response.json() as { details: { applicationError?: { code: string } } }).details.applicationError
    ?.code;

const post = (url: string, payload: unknown) =>
  kit.app.inject({ method: "POST", url, payload: payload as Record<string, unknown> });

async function addPasskey(owner: SignedIn, device = createSoftAuthenticator()) {
  const start = await kit.asOwner(owner, {
    method: "POST",
    url: "/admin/api/account/passkeys/options",
    payload: {},
  });
  const { challengeId, options } = start.json();
  const added = await kit.asOwner(owner, {
    method: "POST",
    url: "/admin/api/account/passkeys",
    payload: { challengeId, credential: device.create(options, ORIGIN), name: "Laptop" },
  });
  expect(added.statusCode).toBe(200);
  return device;
}

async function passkeySignIn(
  device: ReturnType<typeof createSoftAuthenticator>,
  extra: { stateToken?: string; signWith?: ReturnType<typeof strangerKey> } = {},
) {
  const { stateToken, signWith } = extra;
  const start = await post("/admin/api/sign-in/passkey/options", stateToken ? { stateToken } : {});
  const { challengeId, options } = start.json();
  const credential = device.get(options, ORIGIN, signWith ? { signWith } : {});
  return post("/admin/api/sign-in/passkey", { challengeId, credential, stateToken });
}

describe("the owner's passkeys", () => {
  test("the owner adds a passkey, then signs in with it alone", async () => {
    const device = await addPasskey(await kit.signedIn());
    const answer = await passkeySignIn(device);
    expect(answer.json()).toMatchObject({ signedIn: true, role: "owner" });
    expect(sessionCookieOf(answer)).not.toBe("");
  });

  test("the passkey is listed, renamed and removed; removed, it signs nobody in", async () => {
    const owner = await kit.signedIn();
    const device = await addPasskey(owner);
    const list = await kit.asOwner(owner, { method: "GET", url: "/admin/api/account/passkeys" });
    const [passkey] = list.json().passkeys;
    expect(passkey.name).toBe("Laptop");
    const url = `/admin/api/account/passkeys/${passkey.id}`;
    const renamed = await kit.asOwner(owner, { method: "PATCH", url, payload: { name: "Desk" } });
    expect(renamed.json().passkey.name).toBe("Desk");
    expect((await kit.asOwner(owner, { method: "DELETE", url })).statusCode).toBe(200);
    expect(codeOf(await passkeySignIn(device))).toBe("PASSKEY_NOT_ACCEPTED");
  });

  test("adding a passkey without the CSRF token is refused", async () => {
    const owner = await kit.signedIn();
    const start = await kit.asOwner(owner, {
      method: "POST",
      url: "/admin/api/account/passkeys/options",
      payload: {},
      csrf: false,
    });
    expect(codeOf(start)).toBe("OWNER_CSRF_INVALID");
  });

  test("a forged answer opens no editor session", async () => {
    const device = await addPasskey(await kit.signedIn());
    const forged = await passkeySignIn(device, { signWith: strangerKey() });
    expect(codeOf(forged)).toBe("PASSKEY_NOT_ACCEPTED");
    expect(forged.headers["set-cookie"]).toBeUndefined();
  });

  test("the owner's passkey does not sign in on the members' sign-in", async () => {
    const device = await addPasskey(await kit.signedIn());
    const start = (await post("/_api/iam/authentication/v2/webauthn/options", {})).json();
    const answer = await post("/_api/iam/authentication/v2/webauthn/login", {
      challengeId: start.challengeId,
      credential: device.get(start.options, ORIGIN),
    });
    expect(codeOf(answer)).toBe("PASSKEY_NOT_ACCEPTED");
  });

  test("with two-step verification on, a passkey finishes the password's second step", async () => {
    const owner = await kit.signedIn();
    const device = await addPasskey(owner);
    kit.db
      .prepare("UPDATE identities SET totp_secret = 'JBSWY3DPEHPK3PXP' WHERE role = 'owner'")
      .run();
    const first = await kit.signIn("a long and silly test password", "127.0.0.1");
    const { stateToken } = first.json();
    expect(typeof stateToken).toBe("string");
    const answer = await passkeySignIn(device, { stateToken });
    expect(answer.json()).toMatchObject({ signedIn: true, role: "owner" });
    // The editor keeps no remembered device: a token for one would reach no browser.
    const devices = kit.db
      .prepare("SELECT COUNT(*) AS n FROM identity_tokens WHERE kind = 'device'")
      .get() as { n: number };
    expect(Number(devices.n)).toBe(0);
  });

  test("with two-step verification on, the passkey alone still signs in: it is both factors", async () => {
    const device = await addPasskey(await kit.signedIn());
    kit.db
      .prepare("UPDATE identities SET totp_secret = 'JBSWY3DPEHPK3PXP' WHERE role = 'owner'")
      .run();
    const answer = await passkeySignIn(device);
    expect(answer.json()).toMatchObject({ signedIn: true, role: "owner" });
    expect(sessionCookieOf(answer)).toMatch(/^owner_session=/);
  });
});
