import { Secret, TOTP } from "otpauth";
import { afterEach, describe, expect, test } from "vitest";
import { hashPassword } from "../../identity/password.ts";
import {
  createOwnerKit,
  OWNER_PASSWORD,
  type OwnerKit,
  type SignedIn,
  sessionCookieOf,
} from "../../main/test-kit/owner-signed-in.ts";

let kit: OwnerKit;
afterEach(() => kit.app.close());

const codeOf = (response: { json: () => unknown }) =>
  (response.json() as { details: { applicationError?: { code: string } } }).details.applicationError
    ?.code;

function totpCode(manualKey: string, atMs: number): string {
  return new TOTP({ secret: Secret.fromBase32(manualKey), digits: 6, period: 30 }).generate({
    timestamp: atMs,
  });
}

/** Turns the second factor on for the signed-in owner; answers the key and recovery codes. */
async function enrolTotp(owner: SignedIn) {
  const start = await kit.asOwner(owner, {
    method: "POST",
    url: "/admin/api/account/second-factor/start",
    payload: {},
  });
  const { enrolmentToken, manualKey } = start.json() as {
    enrolmentToken: string;
    manualKey: string;
  };
  const confirm = await kit.asOwner(owner, {
    method: "POST",
    url: "/admin/api/account/second-factor/confirm",
    payload: { enrolmentToken, code: totpCode(manualKey, kit.clock.ms) },
  });
  expect(confirm.statusCode).toBe(200);
  return {
    manualKey,
    recoveryCodes: (confirm.json() as { recoveryCodes: string[] }).recoveryCodes,
  };
}

const secondStep = (stateToken: string, code: string, ip = "203.0.113.7") =>
  kit.app.inject({
    method: "POST",
    url: "/admin/api/sign-in/code",
    payload: { stateToken, code },
    remoteAddress: ip,
  });

async function outbox(): Promise<{ recipient: string; subject: string; body: string }[]> {
  await new Promise((resolve) => setImmediate(resolve));
  return kit.db.prepare("SELECT recipient, subject, body FROM mail_outbox ORDER BY id").all() as {
    recipient: string;
    subject: string;
    body: string;
  }[];
}

async function setOwnerEmail(owner: SignedIn, email: string, password = OWNER_PASSWORD) {
  return kit.asOwner(owner, {
    method: "PUT",
    url: "/admin/api/account/email",
    payload: { email, password },
  });
}

describe("the owner's second factor", () => {
  test("once on, the password alone opens no session: the TOTP code does, once", async () => {
    kit = await createOwnerKit();
    const { manualKey } = await enrolTotp(await kit.signedIn());
    kit.clock.ms += 60_000;
    const first = await kit.signIn();
    expect(first.json()).toMatchObject({ signedIn: false, secondFactorRequired: true });
    expect(first.headers["set-cookie"]).toBeUndefined();
    const { stateToken } = first.json() as { stateToken: string };
    const code = totpCode(manualKey, kit.clock.ms);
    const second = await secondStep(stateToken, code);
    expect(second.json()).toMatchObject({ signedIn: true, role: "owner" });
    expect(sessionCookieOf(second)).toMatch(/^owner_session=/);
    // The same code, seen over a shoulder, does not open a second session.
    const again = (await kit.signIn()).json() as { stateToken: string };
    expect(codeOf(await secondStep(again.stateToken, code))).toBe("IDENTITY_CODE_INVALID");
  });

  test("a recovery code works once in place of the TOTP code", async () => {
    kit = await createOwnerKit();
    const { recoveryCodes } = await enrolTotp(await kit.signedIn());
    const code = recoveryCodes[0] as string;
    const first = (await kit.signIn()).json() as { stateToken: string };
    expect((await secondStep(first.stateToken, code)).json()).toMatchObject({ signedIn: true });
    const second = (await kit.signIn()).json() as { stateToken: string };
    expect(codeOf(await secondStep(second.stateToken, code))).toBe("IDENTITY_CODE_INVALID");
  });

  test("a TOTP code typed with a space, as the app shows it, is accepted", async () => {
    kit = await createOwnerKit();
    const { manualKey } = await enrolTotp(await kit.signedIn());
    kit.clock.ms += 60_000;
    const { stateToken } = (await kit.signIn()).json() as { stateToken: string };
    const code = totpCode(manualKey, kit.clock.ms);
    const spaced = `${code.slice(0, 3)} ${code.slice(3)}`;
    expect((await secondStep(stateToken, spaced)).json()).toMatchObject({ signedIn: true });
  });

  test("a code sent as a JSON number is a wrong code, not a server error", async () => {
    kit = await createOwnerKit();
    await enrolTotp(await kit.signedIn());
    const { stateToken } = (await kit.signIn()).json() as { stateToken: string };
    const response = await kit.app.inject({
      method: "POST",
      url: "/admin/api/sign-in/code",
      payload: { stateToken, code: 123456 },
    });
    expect(response.statusCode).toBe(400);
    expect(codeOf(response)).toBe("IDENTITY_CODE_INVALID");
  });

  test("the sign-in history shows a success only once the code is given, and no device is remembered", async () => {
    kit = await createOwnerKit();
    const owner = await kit.signedIn();
    const { manualKey } = await enrolTotp(owner);
    kit.clock.ms += 60_000;
    const { stateToken } = (await kit.signIn()).json() as { stateToken: string };
    const history = async () =>
      (
        (
          await kit.asOwner(owner, { method: "GET", url: "/admin/api/account/sign-ins" })
        ).json() as {
          signIns: { outcome: string; method: string }[];
        }
      ).signIns.map(({ outcome, method }) => `${outcome} ${method}`);
    expect(await history()).toEqual(["success password"]);
    await secondStep(stateToken, totpCode(manualKey, kit.clock.ms));
    expect(await history()).toEqual(["success totp", "success password"]);
    const devices = kit.db
      .prepare("SELECT COUNT(*) AS n FROM identity_tokens WHERE kind = 'device'")
      .get() as { n: number };
    expect(Number(devices.n)).toBe(0);
  });

  test("a wrong code is logged as the kind it looks like: six digits a TOTP code, seven a recovery code", async () => {
    kit = await createOwnerKit();
    const owner = await kit.signedIn();
    const { manualKey } = await enrolTotp(owner);
    kit.clock.ms += 60_000;
    const { stateToken } = (await kit.signIn()).json() as { stateToken: string };
    const right = totpCode(manualKey, kit.clock.ms);
    const wrongSix = right === "000000" ? "111111" : "000000";
    expect((await secondStep(stateToken, `${wrongSix}7`)).statusCode).toBe(400);
    // A second later, so the history's newest-first order is not a tie.
    kit.clock.ms += 1_000;
    expect((await secondStep(stateToken, wrongSix)).statusCode).toBe(400);
    const { signIns } = (
      await kit.asOwner(owner, { method: "GET", url: "/admin/api/account/sign-ins" })
    ).json() as { signIns: { outcome: string; method: string }[] };
    expect(signIns.slice(0, 2).map(({ outcome, method }) => `${outcome} ${method}`)).toEqual([
      "failure totp",
      "failure recovery-code",
    ]);
  });

  test("guessing codes from many addresses ends the step after five wrong codes", async () => {
    kit = await createOwnerKit();
    const { manualKey } = await enrolTotp(await kit.signedIn());
    kit.clock.ms += 60_000;
    const { stateToken } = (await kit.signIn()).json() as { stateToken: string };
    for (let guess = 0; guess < 5; guess++) {
      const response = await secondStep(stateToken, String(100_000 + guess), `198.51.100.${guess}`);
      expect(codeOf(response)).toBe("IDENTITY_CODE_INVALID");
    }
    const right = await secondStep(stateToken, totpCode(manualKey, kit.clock.ms), "198.51.100.9");
    expect(codeOf(right)).toBe("IDENTITY_STATE_TOKEN_INVALID");
  });

  test("a stolen session cannot turn the factor off without a current code", async () => {
    kit = await createOwnerKit();
    const owner = await kit.signedIn();
    await enrolTotp(owner);
    const off = await kit.asOwner(owner, {
      method: "POST",
      url: "/admin/api/account/second-factor/off",
      payload: { code: "000000" },
    });
    expect(codeOf(off)).toBe("IDENTITY_CODE_INVALID");
    expect((await kit.signIn()).json()).toMatchObject({ secondFactorRequired: true });
  });

  test("a session left open for 11 minutes cannot turn the factor off even with the code", async () => {
    kit = await createOwnerKit();
    const owner = await kit.signedIn();
    const { manualKey } = await enrolTotp(owner);
    kit.clock.ms += 11 * 60_000;
    const off = await kit.asOwner(owner, {
      method: "POST",
      url: "/admin/api/account/second-factor/off",
      payload: { code: totpCode(manualKey, kit.clock.ms) },
    });
    expect(codeOf(off)).toBe("IDENTITY_REAUTHENTICATION_REQUIRED");
  });

  test("a member's right password opens no editor session", async () => {
    kit = await createOwnerKit();
    kit.db
      .prepare(
        `INSERT INTO identities (id, email, email_verified, password_hash, status, created_at,
           updated_at) VALUES ('m1', 'member@example.com', 1, ?, 'ACTIVE', 0, 0)`,
      )
      .run(await hashPassword(OWNER_PASSWORD));
    const response = await kit.app.inject({
      method: "POST",
      url: "/admin/api/sign-in",
      payload: { email: "member@example.com", password: OWNER_PASSWORD },
    });
    expect(codeOf(response)).toBe("OWNER_WRONG_PASSWORD");
    expect(response.headers["set-cookie"]).toBeUndefined();
  });
});

describe("the owner's mailed reset", () => {
  test("a reset asked for with a forged Host mails a link to the store's own address, never the Host", async () => {
    kit = await createOwnerKit();
    await setOwnerEmail(await kit.signedIn(), "owner@example.com");
    const response = await kit.app.inject({
      method: "POST",
      url: "/admin/api/reset-request",
      headers: { host: "evil.example", "x-forwarded-host": "evil.example" },
      payload: { email: "owner@example.com" },
    });
    expect(response.statusCode).toBe(200);
    const [mail] = await outbox();
    expect(mail?.recipient).toBe("owner@example.com");
    expect(mail?.body).not.toContain("evil.example");
    expect(mail?.body).toMatch(/http:\/\/localhost\/admin\/reset\?token=[\w-]+/);
  });

  test("the link sets a new password once and ends every open session", async () => {
    kit = await createOwnerKit();
    const owner = await kit.signedIn();
    await setOwnerEmail(owner, "owner@example.com");
    await kit.app.inject({
      method: "POST",
      url: "/admin/api/reset-request",
      payload: { email: "Owner@Example.com " },
    });
    const token = /token=([\w-]+)/.exec((await outbox())[0]?.body ?? "")?.[1] ?? "";
    const reset = (password: string) =>
      kit.app.inject({ method: "POST", url: "/admin/api/reset", payload: { token, password } });
    expect((await reset("a brand new owner password")).statusCode).toBe(200);
    const kept = await kit.asOwner(owner, { method: "GET", url: "/admin/api/session" });
    expect(kept.json()).toMatchObject({ signedIn: false });
    expect(codeOf(await reset("yet another owner password"))).toBe("OWNER_RESET_LINK_INVALID");
    expect((await kit.signIn("a brand new owner password")).statusCode).toBe(200);
  });

  test("an address that is no editor's gets the same answer and no mail", async () => {
    kit = await createOwnerKit();
    const response = await kit.app.inject({
      method: "POST",
      url: "/admin/api/reset-request",
      payload: { email: "stranger@example.com" },
    });
    expect(response.statusCode).toBe(200);
    expect(await outbox()).toEqual([]);
  });

  test("a stolen session cannot point the reset at another mailbox without the password", async () => {
    kit = await createOwnerKit();
    const response = await setOwnerEmail(
      await kit.signedIn(),
      "thief@example.com",
      "not the owner's password",
    );
    expect(codeOf(response)).toBe("OWNER_WRONG_PASSWORD");
  });
});

test("sign out everywhere ends every session of the owner, kept cookies included", async () => {
  kit = await createOwnerKit();
  const here = await kit.signedIn();
  const there = await kit.signedIn();
  const response = await kit.asOwner(here, {
    method: "POST",
    url: "/admin/api/sign-out-everywhere",
    payload: {},
  });
  expect(response.statusCode).toBe(200);
  for (const kept of [here, there]) {
    const replay = await kit.asOwner(kept, { method: "GET", url: "/admin/api/session" });
    expect(replay.json()).toMatchObject({ signedIn: false });
  }
});
