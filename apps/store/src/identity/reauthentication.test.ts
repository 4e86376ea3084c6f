/**
 * Re-authentication: a token or a page cookie alone, borrowed or stolen, cannot
 * change the password or turn the second factor off; both need a sign-in of the last 10
 * minutes, and turning the factor off a current code as well.
 */
import { TOTP } from "otpauth";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { codeOf } from "../main/test-kit/api.ts";
import { createMemberKit, type MemberKit } from "../main/test-kit/identity-kit.ts";
import { createMemberBrowser, type MemberBrowser } from "../main/test-kit/member-browser.ts";

const ADA = "ada@example.com";
const NEW_PASSWORD = "a brand new password";
const ELEVEN_MINUTES = 11 * 60_000;

let k: MemberKit;
beforeEach(async () => {
  k = await createMemberKit();
  await k.signUp(ADA);
});
afterEach(() => k.close());

const changePassword = (authorization: string) =>
  k.post(
    "/_api/iam/authentication/v2/change-password",
    { newPassword: NEW_PASSWORD },
    { authorization },
  );

const logsInWith = async (password: string) =>
  (await k.post("/_api/iam/authentication/v2/login", { loginId: { email: ADA }, password })).json()
    .state === "SUCCESS";

describe("change-password", () => {
  test("change-password with a session signed in more than 10 minutes ago is refused", async () => {
    const stale = await k.memberTokens(ADA);
    k.clock.ms += ELEVEN_MINUTES;
    const refused = await changePassword(stale.access_token);
    expect(refused.statusCode).toBe(403);
    expect(codeOf(refused)).toBe("IDENTITY_REAUTHENTICATION_REQUIRED");
    expect(await logsInWith(NEW_PASSWORD)).toBe(false);

    const fresh = await k.memberTokens(ADA);
    expect((await changePassword(fresh.access_token)).json()).toEqual({});
    expect(await logsInWith(NEW_PASSWORD)).toBe(true);
  });

  test("a refresh does not make a stale session recent", async () => {
    const stale = await k.memberTokens(ADA);
    k.clock.ms += ELEVEN_MINUTES;
    const refreshed = await k.post("/oauth2/token", {
      clientId: "test-client",
      grantType: "refresh_token",
      refreshToken: stale.refresh_token,
    });
    expect(codeOf(await changePassword(refreshed.json().access_token))).toBe(
      "IDENTITY_REAUTHENTICATION_REQUIRED",
    );
  });
});

describe("turning the second factor off", () => {
  let browser: MemberBrowser;
  let totp: TOTP;

  beforeEach(async () => {
    browser = createMemberBrowser(k);
    await browser.signIn(ADA);
    const csrf = await browser.csrf();
    const enrolment = await browser.submit("/members/account/two-factor", { csrf });
    const key = /id="manual-key">([A-Z2-7 ]+)</.exec(enrolment.body)?.[1]?.replace(/ /g, "") ?? "";
    totp = new TOTP({ secret: key });
    const enrolmentToken = /name="enrolment" value="([^"]*)"/.exec(enrolment.body)?.[1] ?? "";
    const confirmed = await browser.submit("/members/account/two-factor/confirm", {
      csrf,
      enrolment: enrolmentToken,
      code: totp.generate({ timestamp: k.clock.ms }),
    });
    expect(confirmed.body).toContain("Two-step verification is on");
    k.clock.ms += 30_000;
  });

  const totpOn = () =>
    (k.db.prepare("SELECT totp_secret FROM identities").get() as { totp_secret: string | null })
      .totp_secret !== null;

  test("second factor off without a code is refused", async () => {
    const refused = await browser.submit("/members/account/two-factor/disable", {
      csrf: await browser.csrf(),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain("The code is wrong");
    expect(totpOn()).toBe(true);
  });

  test("second factor off with a wrong code is refused", async () => {
    const refused = await browser.submit("/members/account/two-factor/disable", {
      csrf: await browser.csrf(),
      code: "000000" === totp.generate({ timestamp: k.clock.ms }) ? "111111" : "000000",
    });
    expect(refused.statusCode).toBe(400);
    expect(totpOn()).toBe(true);
  });

  test("second factor off from a sign-in more than 10 minutes old is refused, even with the code", async () => {
    k.clock.ms += ELEVEN_MINUTES;
    const refused = await browser.submit("/members/account/two-factor/disable", {
      csrf: await browser.csrf(),
      code: totp.generate({ timestamp: k.clock.ms }),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain("Enter your password to confirm it is you");
    expect(totpOn()).toBe(true);
  });

  test("with a recent sign-in and the current code it turns off", async () => {
    const done = await browser.submit("/members/account/two-factor/disable", {
      csrf: await browser.csrf(),
      code: totp.generate({ timestamp: k.clock.ms }),
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain("Two-step verification is off");
    expect(totpOn()).toBe(false);
  });
});
