/**
 * Two-step verification on the store's pages and the API: enrolment with a QR code and recovery
 * codes, the code asked at sign-in, codes that work once, a remembered device, and the key kept
 * out of the database's plain reach.
 */
import { TOTP } from "otpauth";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createMemberKit, type MemberKit, PASSWORD } from "../../main/test-kit/identity-kit.ts";
import {
  createMemberBrowser,
  hiddenValue,
  type MemberBrowser,
} from "../../main/test-kit/member-browser.ts";
import {
  codeIn,
  type SignInFlowOptions,
  startSignInFlow,
} from "../../main/test-kit/member-signed-in.ts";

let k: MemberKit;
let browser: MemberBrowser;
let cookies: Map<string, string>;
beforeEach(async () => {
  k = await createMemberKit();
  browser = createMemberBrowser(k);
  cookies = browser.cookies;
});
afterEach(() => k.close());

const get = (url: string) => browser.get(url);
const submit = (url: string, fields: Record<string, string>) => browser.submit(url, fields);
const startFlow = (options?: SignInFlowOptions) => startSignInFlow(k, options);

describe("two-step verification", () => {
  async function signInOnPages() {
    await k.signUp("ada@example.com");
    const { session } = await startFlow();
    codeIn(
      await submit("/members/sign-in", { session, email: "ada@example.com", password: PASSWORD }),
    );
  }

  async function enrol() {
    const account = await get("/members/account");
    const csrf = hiddenValue(account, "csrf");
    const enrolment = await submit("/members/account/two-factor", { csrf });
    expect(enrolment.body).toContain("<svg");
    const key = /id="manual-key">([A-Z2-7 ]+)</.exec(enrolment.body)?.[1]?.replace(/ /g, "") ?? "";
    const totp = new TOTP({ secret: key });
    const codes = await submit("/members/account/two-factor/confirm", {
      csrf,
      enrolment: hiddenValue(enrolment, "enrolment"),
      code: totp.generate({ timestamp: k.clock.ms }),
    });
    expect(codes.body).toContain("Two-step verification is on");
    const recovery = [...codes.body.matchAll(/<li>([0-9a-f]{5}-[0-9a-f]{5})<\/li>/g)].map(
      (m) => m[1] ?? "",
    );
    return { totp, recovery };
  }

  test("enrolment shows a QR code and the key, then sign-in asks for the code", async () => {
    await signInOnPages();
    const { totp, recovery } = await enrol();
    expect(recovery).toHaveLength(10);
    cookies.delete("member_session");
    const { session } = await startFlow();
    const step = await submit("/members/sign-in", {
      session,
      email: "ada@example.com",
      password: PASSWORD,
    });
    expect(step.body).toContain("Two-step verification");
    k.clock.ms += 30_000;
    const done = await submit("/members/second-factor", {
      session,
      stateToken: hiddenValue(step, "stateToken"),
      code: totp.generate({ timestamp: k.clock.ms }),
    });
    expect(codeIn(done).get("code")).toEqual(expect.any(String));
  });

  test("the database alone does not reveal the TOTP key", async () => {
    await signInOnPages();
    const { totp } = await enrol();
    const row = k.db.prepare("SELECT totp_secret FROM identities").get() as { totp_secret: string };
    expect(row.totp_secret).not.toContain(totp.secret.base32);
    const dump = JSON.stringify(k.db.prepare("SELECT * FROM identity_tokens").all());
    expect(dump).not.toContain(totp.secret.base32);
  });

  test("a TOTP code seen once cannot be replayed", async () => {
    await signInOnPages();
    const { totp } = await enrol();
    cookies.delete("member_session");
    k.clock.ms += 30_000;
    const code = totp.generate({ timestamp: k.clock.ms });
    const api = async () => {
      const login = await k.post("/_api/iam/authentication/v2/login", {
        loginId: { email: "ada@example.com" },
        password: PASSWORD,
      });
      expect(login.json().state).toBe("REQUIRE_MFA");
      return k.post("/_api/iam/authentication/v2/totp/verify", {
        stateToken: login.json().stateToken,
        totpData: { code },
      });
    };
    expect((await api()).json().state).toBe("SUCCESS");
    expect((await api()).json().details.applicationError.code).toBe("IDENTITY_CODE_INVALID");
  });

  test("a recovery code works once in place of the app's code", async () => {
    await signInOnPages();
    const { recovery } = await enrol();
    const login = () =>
      k.post("/_api/iam/authentication/v2/login", {
        loginId: { email: "ada@example.com" },
        password: PASSWORD,
      });
    const verify = async () =>
      k.post("/_api/iam/authentication/v2/recovery-code/verify", {
        stateToken: (await login()).json().stateToken,
        recoveryCodeData: { code: recovery[0] },
      });
    expect((await verify()).json().state).toBe("SUCCESS");
    expect((await verify()).statusCode).toBe(400);
  });

  test("remember this device skips the code on that browser", async () => {
    await signInOnPages();
    const { totp } = await enrol();
    cookies.delete("member_session");
    const first = await startFlow();
    const step = await submit("/members/sign-in", {
      session: first.session,
      email: "ada@example.com",
      password: PASSWORD,
    });
    k.clock.ms += 30_000;
    codeIn(
      await submit("/members/second-factor", {
        session: first.session,
        stateToken: hiddenValue(step, "stateToken"),
        code: totp.generate({ timestamp: k.clock.ms }),
        remember: "on",
      }),
    );
    cookies.delete("member_session");
    const second = await startFlow();
    const done = await submit("/members/sign-in", {
      session: second.session,
      email: "ada@example.com",
      password: PASSWORD,
    });
    expect(codeIn(done).get("code")).toEqual(expect.any(String));
  });

  test("other factor types answer not enabled", async () => {
    const response = await k.post("/_api/iam/authentication/v2/sms/verify", {
      stateToken: "x",
      smsData: { code: "123456" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.applicationError.code).toBe("IDENTITY_FACTOR_NOT_ENABLED");
  });

  test("enrolment without the page's CSRF token does nothing", async () => {
    await signInOnPages();
    const response = await submit("/members/account/two-factor", { csrf: "forged" });
    expect(response.statusCode).toBe(303);
    expect(
      k.db.prepare("SELECT count(*) AS n FROM identity_tokens WHERE kind = 'totp_enrolment'").get(),
    ).toEqual({ n: 0 });
  });
});
