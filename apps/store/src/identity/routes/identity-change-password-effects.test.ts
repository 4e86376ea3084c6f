/**
 * What a member's change-password does besides the password: a bad new password is refused
 * with its exact violation; every other session ends, recorded as ended by the change; a
 * recovery link mailed before the change and a remembered device stop working (someone who
 * had the old password may have made both).
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { codeOf } from "../../main/test-kit/api.ts";
import { createMemberKit, type MemberKit, PASSWORD } from "../../main/test-kit/identity-kit.ts";
import { identityContext, rememberDevice, turnTotpOn } from "../../main/test-kit/totp-member.ts";
import { changePassword } from "../sign-on.ts";

const LOGIN = "/_api/iam/authentication/v2/login";
const CHANGE_PASSWORD = "/_api/iam/authentication/v2/change-password";
const NEW_PASSWORD = "a brand new password";
const ADA = "ada@example.com";

let k: MemberKit;
let adaId: string;
beforeEach(async () => {
  k = await createMemberKit();
  adaId = await k.signUp(ADA);
});
afterEach(() => k.close());

const change = (accessToken: string, newPassword: unknown) =>
  k.post(CHANGE_PASSWORD, { newPassword }, { authorization: accessToken });

describe("a bad new password", () => {
  test("too short: refused with the newPassword violation, the old password still works", async () => {
    const { access_token } = await k.memberTokens(ADA);
    const refused = await change(access_token, "short");
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details.validationError.fieldViolations).toEqual([
      {
        field: "newPassword",
        description: "must be at least 8 characters",
        violatedRule: "FORMAT",
        data: { type: "PASSWORD" },
      },
    ]);
    const login = await k.post(LOGIN, { loginId: { email: ADA }, password: PASSWORD });
    expect(login.json().state).toBe("SUCCESS");
  });

  test("for a member id whose identity is gone, nothing is changed even with a recent session", async () => {
    const ctx = identityContext(k);
    const sid = ctx.sessions.start({
      identityId: adaId,
      channel: "token",
      authAt: k.clock.ms,
      client: {},
    });
    const error = await changePassword(ctx, { id: "gone", sid }, NEW_PASSWORD).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toMatchObject({ code: "IDENTITY_NOT_FOUND" });
    expect((error as Error).message).toBe("Identity [gone] does not exist");
    expect(ctx.sessions.requireRecentSignIn(sid)).toMatchObject({ endedAt: null });
  });
});

describe("what the change ends", () => {
  test("the member's other sessions end, recorded as ended by the password change", async () => {
    const other = await k.memberTokens(ADA);
    const current = await k.memberTokens(ADA);
    expect((await change(current.access_token, NEW_PASSWORD)).statusCode).toBe(200);
    const ended = k.db
      .prepare("SELECT end_reason FROM sessions WHERE ended_at IS NOT NULL")
      .all() as { end_reason: string }[];
    expect(ended.length).toBeGreaterThan(0);
    expect(new Set(ended.map((row) => row.end_reason))).toEqual(new Set(["password_changed"]));
    const stale = await change(other.access_token, "another new password");
    expect(stale.statusCode).toBe(401);
  });

  test("a recovery link mailed before the change no longer sets a password", async () => {
    const before = k.smtp.countTo(ADA);
    await k.post("/_api/iam/recovery/v1/send-email", { email: ADA });
    const mail = await k.smtp.nextMail(ADA, before);
    const token = new URL(/https?:\/\/\S+/.exec(mail.text)?.[0] ?? "").searchParams.get("token");
    const { access_token } = await k.memberTokens(ADA);
    expect((await change(access_token, NEW_PASSWORD)).statusCode).toBe(200);

    const recovered = await k.post("/_api/iam/recovery/v1/recover", {
      recoveryToken: token,
      password: "the attacker's password",
    });
    expect(codeOf(recovered)).toBe("IDENTITY_RECOVERY_TOKEN_INVALID");
    const login = await k.post(LOGIN, { loginId: { email: ADA }, password: NEW_PASSWORD });
    expect(login.json().state).toBe("SUCCESS");
  });

  test("a device remembered before the change must give the second factor again", async () => {
    const { totp } = await turnTotpOn(k, adaId, ADA);
    const device = await rememberDevice(k, ADA, totp);
    const loginOnDevice = (password: string) =>
      k.post(LOGIN, { loginId: { email: ADA }, password }, { cookie: device });

    const remembered = await loginOnDevice(PASSWORD);
    expect(remembered.json().state).toBe("SUCCESS");
    const tokens = await k.post(
      "/oauth2/token",
      {
        grant_type: "authorized_client",
        member_id: adaId,
        session_token: remembered.json().sessionToken,
      },
      { authorization: `${await k.token()},${k.apiKey}` },
    );
    expect((await change(tokens.json().access_token, NEW_PASSWORD)).statusCode).toBe(200);

    expect((await loginOnDevice(NEW_PASSWORD)).json().state).toBe("REQUIRE_MFA");
  });
});
