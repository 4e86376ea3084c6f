/**
 * A borrowed session swaps the second factor: with only a member's `member_session` cookie
 * (or the owner's editor cookie), setting up a new authenticator over the active one would lock
 * the holder out and replace the recovery codes. A change of the factor needs a sign-in of the
 * last 10 minutes (or the password again) and, while a factor is on, its current code or a
 * recovery code.
 */
import { Secret, TOTP } from "otpauth";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { codeOf } from "../main/test-kit/api.ts";
import { createMemberKit, type MemberKit, PASSWORD } from "../main/test-kit/identity-kit.ts";
import {
  createMemberBrowser,
  hiddenValue,
  type MemberBrowser,
  manualKeyOf,
} from "../main/test-kit/member-browser.ts";
import { createOwnerKit, OWNER_PASSWORD, type OwnerKit } from "../main/test-kit/owner-signed-in.ts";

const ADA = "ada@example.com";
const TEN_AND_A_HALF_MINUTES = 10.5 * 60_000;
const STEP = 30_000;

describe("a member's borrowed page session", () => {
  let k: MemberKit;
  let browser: MemberBrowser;
  let totp: TOTP;
  let recovery: string[];
  let csrf: string;

  beforeEach(async () => {
    k = await createMemberKit();
    await k.signUp(ADA);
    browser = createMemberBrowser(k);
    ({ totp, recovery, csrf } = await browser.turnOnTotp(ADA));
    k.clock.ms += STEP;
  });
  afterEach(() => k.close());

  const secret = () =>
    (k.db.prepare("SELECT totp_secret FROM identities").get() as { totp_secret: string | null })
      .totp_secret;
  const now = () => totp.generate({ timestamp: k.clock.ms });

  /** Starts a new enrolment and confirms it with a code of the new key: the page answered. */
  async function swap(fields: Record<string, string>) {
    const started = await browser.submit("/members/account/two-factor", { csrf, ...fields });
    if (!started.body.includes('name="enrolment"')) return started;
    const fresh = new TOTP({ secret: manualKeyOf(started) });
    return browser.submit("/members/account/two-factor/confirm", {
      csrf,
      enrolment: hiddenValue(started, "enrolment"),
      code: fresh.generate({ timestamp: k.clock.ms }),
    });
  }

  test("a cookie 10.5 minutes old cannot set up a new authenticator, even with the current code", async () => {
    const before = secret();
    k.clock.ms += TEN_AND_A_HALF_MINUTES;
    const refused = await swap({ code: now() });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain("Enter your password to confirm it is you");
    expect(secret()).toBe(before);
  });

  test("a fresh cookie without the current code cannot replace the active authenticator", async () => {
    const before = secret();
    const refused = await swap({});
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain("The code is wrong");
    const wrong = now() === "000000" ? "111111" : "000000";
    expect((await swap({ code: wrong })).statusCode).toBe(400);
    expect(secret()).toBe(before);
  });

  test("a wrong password does not make an old cookie recent", async () => {
    k.clock.ms += TEN_AND_A_HALF_MINUTES;
    const refused = await swap({ code: now(), password: "not the password" });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain("That password is not right");
  });

  test("the holder, with the password and the current code, moves to a new authenticator", async () => {
    k.clock.ms += TEN_AND_A_HALF_MINUTES;
    const before = secret();
    const done = await swap({ code: now(), password: PASSWORD });
    expect(done.body).toContain("Two-step verification is on");
    expect(secret()).not.toBe(before);
  });

  test("a recovery code stands in for the current code", async () => {
    const done = await swap({ code: recovery[0] ?? "" });
    expect(done.body).toContain("Two-step verification is on");
  });

  test("turning it off from an old cookie needs the password, then works with the code", async () => {
    k.clock.ms += TEN_AND_A_HALF_MINUTES;
    const disable = (fields: Record<string, string>) =>
      browser.submit("/members/account/two-factor/disable", { csrf, ...fields });
    expect((await disable({ code: now() })).statusCode).toBe(403);
    expect(secret()).not.toBeNull();
    const off = await disable({ code: now(), password: PASSWORD });
    expect(off.body).toContain("Two-step verification is off");
    expect(secret()).toBeNull();
  });
});

test("an old member cookie cannot set up a first authenticator either (locking the member out)", async () => {
  const k = await createMemberKit();
  try {
    await k.signUp(ADA);
    const browser = createMemberBrowser(k);
    await browser.signIn(ADA);
    const csrf = await browser.csrf();
    k.clock.ms += TEN_AND_A_HALF_MINUTES;
    const refused = await browser.submit("/members/account/two-factor", { csrf });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('name="enrolment"');
  } finally {
    await k.close();
  }
});

describe("the editor's borrowed cookie", () => {
  let kit: OwnerKit;
  afterEach(() => kit.app.close());

  const codeAt = (key: string, ms: number) =>
    new TOTP({ secret: Secret.fromBase32(key) }).generate({ timestamp: ms });

  async function ownerWithTotp() {
    kit = await createOwnerKit();
    const owner = await kit.signedIn();
    const post = (url: string, payload: object) =>
      kit.asOwner(owner, {
        method: "POST",
        url: `/admin/api/account/second-factor/${url}`,
        payload,
      });
    const start = (await post("start", {})).json();
    const confirmed = await post("confirm", {
      enrolmentToken: start.enrolmentToken,
      code: codeAt(start.manualKey, kit.clock.ms),
    });
    expect(confirmed.statusCode).toBe(200);
    kit.clock.ms += STEP;
    return { post, key: start.manualKey as string };
  }

  test("start then confirm over the active factor without its code is refused", async () => {
    const { post } = await ownerWithTotp();
    const refused = await post("start", {});
    expect(refused.statusCode).toBe(400);
    expect(codeOf(refused)).toBe("IDENTITY_CODE_INVALID");
  });

  test("a cookie 10.5 minutes old is refused even with the current code; the password lets the holder through", async () => {
    const { post, key } = await ownerWithTotp();
    kit.clock.ms += TEN_AND_A_HALF_MINUTES;
    const refused = await post("start", { code: codeAt(key, kit.clock.ms) });
    expect(refused.statusCode).toBe(403);
    expect(codeOf(refused)).toBe("IDENTITY_REAUTHENTICATION_REQUIRED");
    const started = await post("start", {
      code: codeAt(key, kit.clock.ms),
      password: OWNER_PASSWORD,
    });
    expect(started.statusCode).toBe(200);
    const confirmed = await post("confirm", {
      enrolmentToken: started.json().enrolmentToken,
      code: codeAt(started.json().manualKey, kit.clock.ms),
    });
    expect(confirmed.statusCode).toBe(200);
  });
});
