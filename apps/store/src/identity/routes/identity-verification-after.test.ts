/**
 * What a verified e-mail leads to: the owner hears of a member who now waits for approval (and of
 * no one else), an active member's identity changes once, and a remembered device still skips the
 * second factor after a mailed code.
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createMemberKit, type MemberKit, PASSWORD } from "../../main/test-kit/identity-kit.ts";
import { OWNER_EMAIL, ownerWithEmail } from "../../main/test-kit/owner-signed-in.ts";
import { enrolTotp } from "../../main/test-kit/totp-member.ts";

const LOGIN = "/_api/iam/authentication/v2/login";
const FACTOR_VERIFY = "/_api/iam/authentication/v2/verify";
const VERIFY = "/_api/iam/verification/v1/auth/verify";
const START = "/_api/iam/verification/v1/start";

let k: MemberKit;
beforeEach(async () => {
  k = await createMemberKit();
});
afterEach(() => k.close());

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

/** The API key starts a verification of `id`'s e-mail; the step's token and its mailed code. */
async function reverify(id: string, email: string) {
  k.clock.ms += 61_000; // past the last code's cool-down
  const before = k.smtp.countTo(email);
  const started = await k.post(
    START,
    { identityId: id, target: "EMAIL" },
    { authorization: k.apiKey },
  );
  return { stateToken: String(started.json().stateToken), code: await k.mailedCode(email, before) };
}

describe("the owner's alert", () => {
  test("a member who verifies the e-mail in a store needing approval is announced to the owner", async () => {
    const asOwner = await ownerWithEmail(k);
    await asOwner("PUT", "/admin/api/member-settings", { requireApproval: true });
    const before = k.smtp.countTo(OWNER_EMAIL);
    await k.signUp("ada@example.com");
    const alert = await k.smtp.nextMail(OWNER_EMAIL, before);
    expect(alert.subject).toBe("A new client waits for your approval");
    expect(alert.text).toContain("ada@example.com signed up and waits for your approval.");
  });

  test("sign-ups that need no approval, and an active member verifying again, send the owner nothing", async () => {
    await ownerWithEmail(k);
    const before = k.smtp.countTo(OWNER_EMAIL);
    const id = await k.signUp("ada@example.com");
    const { stateToken, code } = await reverify(id, "ada@example.com");
    expect((await k.post(VERIFY, { stateToken, code })).json().state).toBe("SUCCESS");
    await settle();
    expect(k.smtp.countTo(OWNER_EMAIL)).toBe(before);
  });
});

describe("an active member verifying again", () => {
  test("changes the identity once: its revision goes up by one, its status stays active", async () => {
    const id = await k.signUp("ada@example.com");
    const login = (
      await k.post(LOGIN, { loginId: { email: "ada@example.com" }, password: PASSWORD })
    ).json();
    expect(login.state).toBe("SUCCESS");
    const { stateToken, code } = await reverify(id, "ada@example.com");
    const verified = (await k.post(VERIFY, { stateToken, code })).json();
    expect(verified.state).toBe("SUCCESS");
    expect(verified.identity.status).toEqual({ name: "ACTIVE", reasons: [] });
    expect(Number(verified.identity.revision)).toBe(Number(login.identity.revision) + 1);
  });

  test("on a remembered device skips the second factor after the mailed code; elsewhere it does not", async () => {
    const id = await k.signUp("ada@example.com");
    const { totp } = await enrolTotp(k, "ada@example.com");
    k.clock.ms += 30_000; // a new TOTP period: the enrolment's code is spent
    const login = (
      await k.post(LOGIN, { loginId: { email: "ada@example.com" }, password: PASSWORD })
    ).json();
    expect(login.state).toBe("REQUIRE_MFA");
    const second = await k.post(FACTOR_VERIFY, {
      stateToken: login.stateToken,
      factorType: "TOTP",
      totpData: { code: totp.generate({ timestamp: k.clock.ms }) },
      rememberThisDevice: true,
    });
    expect(second.json().state).toBe("SUCCESS");
    const device = String([second.headers["set-cookie"]].flat()[0]).split(";")[0] ?? "";
    expect(device).toMatch(/^member_device=./);

    const elsewhere = await reverify(id, "ada@example.com");
    const plain = (await k.post(VERIFY, elsewhere)).json();
    expect(plain.state).toBe("REQUIRE_MFA");

    const remembered = await reverify(id, "ada@example.com");
    const skipped = (await k.post(VERIFY, remembered, { cookie: device })).json();
    expect(skipped.state).toBe("SUCCESS");
    expect(skipped.sessionToken).toEqual(expect.any(String));
  });
});
