/**
 * Setting a password with a recovery link, misused: a junk password, the link of a member blocked
 * meanwhile, the editor's own reset link spent on the members' endpoint, links and sessions kept
 * from before the reset; and where the reset page sends the member after.
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { codeOf } from "../../main/test-kit/api.ts";
import { createMemberKit, type MemberKit, ORIGIN } from "../../main/test-kit/identity-kit.ts";
import { createMemberBrowser } from "../../main/test-kit/member-browser.ts";
import {
  OWNER_EMAIL,
  OWNER_PASSWORD,
  ownerWithEmail,
} from "../../main/test-kit/owner-signed-in.ts";

const SEND = "/_api/iam/recovery/v1/send-email";
const RECOVER = "/_api/iam/recovery/v1/recover";
const LINK_INVALID = "This recovery link is invalid, expired or already used";

let k: MemberKit;
beforeEach(async () => {
  k = await createMemberKit();
});
afterEach(() => k.close());

/** Asks for a recovery link for `email` and answers its token (the mail after `after` ones). */
async function linkToken(email: string, after: number, redirect?: string): Promise<string> {
  await k.post(SEND, { email, ...(redirect === undefined ? {} : { redirect: { url: redirect } }) });
  const mail = await k.smtp.nextMail(email, after);
  return /token=([\w-]+)/.exec(mail.text)?.[1] ?? "";
}

const passwordHashOf = (id: string) =>
  (
    k.db.prepare("SELECT password_hash AS hash FROM identities WHERE id = ?").get(id) as {
      hash: string;
    }
  ).hash;

describe("refused", () => {
  test("a too-short new password is refused with the password field's violation", async () => {
    await k.signUp("ada@example.com");
    const token = await linkToken("ada@example.com", 1);
    const response = await k.post(RECOVER, { recoveryToken: token, password: "short" });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.validationError.fieldViolations).toEqual([
      {
        field: "password",
        description: "must be at least 8 characters",
        violatedRule: "FORMAT",
        data: { type: "PASSWORD" },
      },
    ]);
  });

  test("the link of a member blocked in the database directly (as by another node) sets no password", async () => {
    const id = await k.signUp("eve@example.com");
    const token = await linkToken("eve@example.com", 1);
    const before = passwordHashOf(id);
    k.db.prepare("UPDATE identities SET status = 'BLOCKED' WHERE id = ?").run(id);
    const response = await k.post(RECOVER, { recoveryToken: token, password: "new password 1" });
    expect(response.statusCode).toBe(400);
    expect(codeOf(response)).toBe("IDENTITY_RECOVERY_TOKEN_INVALID");
    expect(response.json().message).toBe(LINK_INVALID);
    expect(passwordHashOf(id)).toBe(before);
  });

  test("the editor's reset link spent on the members' recover sets no password and signs no one in", async () => {
    await ownerWithEmail(k);
    const before = k.smtp.countTo(OWNER_EMAIL);
    await k.app.inject({
      method: "POST",
      url: "/admin/api/reset-request",
      payload: { email: OWNER_EMAIL },
    });
    const mail = await k.smtp.nextMail(OWNER_EMAIL, before);
    expect(mail.subject).toBe("Reset your editor password");
    const token = /token=([\w-]+)/.exec(mail.text)?.[1] ?? "";
    const response = await k.post(RECOVER, {
      recoveryToken: token,
      password: "the attacker's new password",
    });
    expect(response.statusCode).toBe(400);
    expect(codeOf(response)).toBe("IDENTITY_RECOVERY_TOKEN_INVALID");
    expect(response.json().sessionToken).toBeUndefined();
    const signIn = (password: string) =>
      k.app.inject({ method: "POST", url: "/admin/api/sign-in", payload: { password } });
    expect((await signIn("the attacker's new password")).statusCode).not.toBe(200);
    expect((await signIn(OWNER_PASSWORD)).statusCode).toBe(200);
  });
  test("a member's recovery link sent to the editor's reset is not used up there", async () => {
    await k.signUp("ada@example.com");
    const token = await linkToken("ada@example.com", 1);
    const spent = await k.app.inject({
      method: "POST",
      url: "/admin/api/reset",
      payload: { token, password: "the attacker's new password" },
    });
    expect(codeOf(spent)).toBe("OWNER_RESET_LINK_INVALID");
    const response = await k.post(RECOVER, {
      recoveryToken: token,
      password: "ada's new password",
    });
    expect(response.statusCode).toBe(200);
  });
});

describe("a reset ends what came before", () => {
  test("an older recovery link stops working, and every session ends, recorded as a password reset", async () => {
    const member = await k.signedInMember("ada@example.com");
    const older = await linkToken("ada@example.com", 1);
    k.clock.ms += 61_000; // past the link cool-down
    const newer = await linkToken("ada@example.com", 2);
    const recovered = await k.post(RECOVER, { recoveryToken: newer, password: "new password 1" });
    expect(recovered.json().state).toBe("SUCCESS");

    const replayed = await k.post(RECOVER, { recoveryToken: older, password: "new password 2" });
    expect(codeOf(replayed)).toBe("IDENTITY_RECOVERY_TOKEN_INVALID");
    const sessions = k.db
      .prepare("SELECT end_reason AS reason FROM sessions WHERE identity_id = ?")
      .all(member.id) as { reason: string | null }[];
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.map((s) => s.reason)).toEqual(sessions.map(() => "password_reset"));
  });
});

describe("the reset page", () => {
  test("continues to the address named when the link was asked for", async () => {
    await k.signUp("ada@example.com");
    const token = await linkToken("ada@example.com", 1, `${ORIGIN}/welcome`);
    const browser = createMemberBrowser(k);
    await browser.get(`/members/reset-password?token=${token}`);
    const page = await browser.submit("/members/reset-password", {
      token,
      password: "new password 1",
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<a href="${ORIGIN}/welcome">Continue</a>`);
  });

  test("without such an address, sends the member to sign in", async () => {
    await k.signUp("ada@example.com");
    const token = await linkToken("ada@example.com", 1);
    const browser = createMemberBrowser(k);
    await browser.get(`/members/reset-password?token=${token}`);
    const page = await browser.submit("/members/reset-password", {
      token,
      password: "new password 1",
    });
    expect(page.body).toContain('<a href="/members/sign-in">Sign in</a>');
  });
});
