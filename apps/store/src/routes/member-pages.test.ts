/**
 * The store's sign-in pages, driven as a browser without JavaScript would: forms posted, cookies
 * kept, redirects followed by hand. Codes reach only allowed redirect URIs.
 */
import type { LightMyRequestResponse } from "fastify";
import { TOTP } from "otpauth";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  CALLBACK,
  createMemberKit,
  type MemberKit,
  ORIGIN,
  PASSWORD,
  pkce,
} from "../test-helpers/identity-kit.ts";
import { hiddenValue } from "../test-helpers/member-browser.ts";
import { TEST_CLIENT_ID } from "../test-helpers/test-app.ts";

let k: MemberKit;
let cookies: Map<string, string>;
beforeEach(async () => {
  k = await createMemberKit();
  cookies = new Map();
});
afterEach(() => k.close());

function keepCookies(response: LightMyRequestResponse) {
  const token = /name="form_token" value="([^"]+)"/.exec(response.body)?.[1];
  if (token !== undefined) formToken = token;
  const header = response.headers["set-cookie"];
  for (const line of Array.isArray(header) ? header : header ? [header] : []) {
    const [pair = ""] = line.split(";");
    const [name = "", value = ""] = pair.split("=");
    if (value === "") cookies.delete(name);
    else cookies.set(name, value);
  }
  return response;
}

const cookieHeader = () => [...cookies].map(([n, v]) => `${n}=${v}`).join("; ");

async function get(url: string) {
  return keepCookies(
    await k.app.inject({
      method: "GET",
      url,
      headers: { host: "store.test", cookie: cookieHeader() },
    }),
  );
}

let formToken = "";

/** Posts a form as the store's own page would: with the form token of the browser's cookie. */
async function submit(url: string, fields: Record<string, string>) {
  if (!cookies.has("member_form")) await get("/members/sign-in");
  return submitRaw(url, { form_token: formToken, ...fields });
}

async function submitRaw(url: string, fields: Record<string, string>) {
  return keepCookies(
    await k.app.inject({
      method: "POST",
      url,
      headers: {
        host: "store.test",
        cookie: cookieHeader(),
        "content-type": "application/x-www-form-urlencoded",
      },
      payload: new URLSearchParams(fields).toString(),
    }),
  );
}

/** A hidden field's value in a page. */
async function startFlow(
  options: { responseMode?: string; prompt?: string; redirectUri?: string | null } = {},
) {
  const flow = pkce();
  const redirectUri = options.redirectUri === undefined ? CALLBACK : options.redirectUri;
  const response = await k.post(
    "/_api/redirects-api/v1/redirect-session",
    {
      auth: {
        authRequest: {
          clientId: TEST_CLIENT_ID,
          ...(redirectUri === null ? {} : { redirectUri }),
          codeChallenge: flow.challenge,
          codeChallengeMethod: "S256",
          responseMode: options.responseMode ?? "fragment",
          responseType: "code",
          scope: "offline_access",
          state: flow.state,
        },
        prompt: options.prompt ?? "login",
      },
    },
    { authorization: await k.token(), origin: ORIGIN },
  );
  const fullUrl = new URL(response.json().redirectSession.fullUrl);
  return {
    flow,
    path: fullUrl.pathname + fullUrl.search,
    session: fullUrl.searchParams.get("session") ?? "",
  };
}

function codeIn(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(303);
  const location = new URL(String(response.headers.location));
  expect(`${location.origin}${location.pathname}`).toBe(CALLBACK);
  return new URLSearchParams(location.hash.slice(1));
}

describe("sign-in page", () => {
  test("is an accessible form: labelled fields, a main landmark, no inline script or style", async () => {
    const { path } = await startFlow();
    const page = await get(path);
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain("<main");
    expect(page.body).toMatch(/<label for="email">E-mail<\/label>/);
    expect(page.body).toMatch(/<label for="password">Password<\/label>/);
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)/);
    expect(page.body).not.toMatch(/\sstyle=/);
  });

  test("may be framed by the store's own origin only (silent sign-in), not by others", async () => {
    const { path } = await startFlow();
    const page = await get(path);
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toContain(`frame-ancestors ${ORIGIN}`);
    expect(csp).toContain("script-src 'self'");
    expect(page.headers["x-frame-options"]).toBeUndefined();
  });

  test("the right password sends code and state to the redirect URI's fragment", async () => {
    await k.signUp("ada@example.com");
    const { flow, path, session } = await startFlow();
    await get(path);
    const done = await submit("/members/sign-in", {
      session,
      email: "ada@example.com",
      password: PASSWORD,
    });
    const params = codeIn(done);
    expect(params.get("state")).toBe(flow.state);
    const tokens = await k.post("/oauth2/token", {
      clientId: TEST_CLIENT_ID,
      grantType: "authorization_code",
      redirectUri: CALLBACK,
      code: params.get("code"),
      codeVerifier: flow.verifier,
    });
    expect(tokens.statusCode).toBe(200);
  });

  test("query mode puts code and state in the query", async () => {
    await k.signUp("ada@example.com");
    const { flow, session } = await startFlow({ responseMode: "query" });
    const done = await submit("/members/sign-in", {
      session,
      email: "ada@example.com",
      password: PASSWORD,
    });
    const location = new URL(String(done.headers.location));
    expect(location.searchParams.get("state")).toBe(flow.state);
    expect(location.searchParams.get("code")).toEqual(expect.any(String));
  });

  test("a wrong password shows the error tied to the password field, and no redirect", async () => {
    await k.signUp("ada@example.com");
    const { session } = await startFlow();
    const page = await submit("/members/sign-in", {
      session,
      email: "ada@example.com",
      password: "nope nope nope",
    });
    expect(page.statusCode).toBe(400);
    expect(page.headers.location).toBeUndefined();
    expect(page.body).toContain('role="alert"');
    expect(page.body).toMatch(
      /id="password"[^>]*aria-invalid="true"[^>]*aria-describedby="password-error"/,
    );
    expect(page.body).toContain("Wrong e-mail or password.");
    expect(page.body).toContain('value="ada@example.com"');
  });

  test("an unknown or expired session shows an error page and redirects nowhere", async () => {
    const page = await get("/members/authorize?session=made-up");
    expect(page.statusCode).toBe(400);
    expect(page.headers.location).toBeUndefined();
    const { path } = await startFlow();
    k.clock.ms += 31 * 60_000;
    expect((await get(path)).statusCode).toBe(400);
  });

  test("text from the request is escaped, never markup", async () => {
    const { session } = await startFlow();
    const page = await submit("/members/sign-in", {
      session,
      email: '"><script>alert(1)</script>',
      password: "x",
    });
    expect(page.body).not.toContain("<script>alert(1)</script>");
    expect(page.body).toContain("&lt;script&gt;");
  });
});

describe("sign up on the page", () => {
  test("sign up, the mailed code, then the code reaches the redirect URI", async () => {
    const { session } = await startFlow();
    const verify = await submit("/members/sign-up", {
      session,
      email: "new@example.com",
      password: PASSWORD,
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.body).toContain('<label for="code">');
    const code = await k.mailedCode("new@example.com");
    const done = await submit("/members/verify-email", {
      session,
      stateToken: hiddenValue(verify, "stateToken"),
      code,
    });
    expect(codeIn(done).get("code")).toEqual(expect.any(String));
  });

  test("a wrong code keeps the member on the code form with the error on the field", async () => {
    const { session } = await startFlow();
    const verify = await submit("/members/sign-up", {
      session,
      email: "new@example.com",
      password: PASSWORD,
    });
    const page = await submit("/members/verify-email", {
      session,
      stateToken: hiddenValue(verify, "stateToken"),
      code: "abcdef",
    });
    expect(page.statusCode).toBe(400);
    expect(page.body).toMatch(/id="code"[^>]*aria-invalid="true"/);
  });

  test("a taken e-mail is reported on the e-mail field", async () => {
    await k.signUp("ada@example.com");
    const { session } = await startFlow();
    const page = await submit("/members/sign-up", {
      session,
      email: "ada@example.com",
      password: PASSWORD,
    });
    expect(page.statusCode).toBe(409);
    expect(page.body).toMatch(/id="email"[^>]*aria-invalid="true"/);
  });
});

describe("silent sign-in (prompt none)", () => {
  test("without a signed-in browser it answers login_required to the redirect URI", async () => {
    const { flow, path } = await startFlow({ prompt: "none" });
    const params = codeIn(await get(path));
    expect(params.get("error")).toBe("login_required");
    expect(params.get("state")).toBe(flow.state);
    expect(params.get("code")).toBeNull();
  });

  test("a browser signed in on the store's pages gets a code without a form", async () => {
    await k.signUp("ada@example.com");
    const first = await startFlow();
    codeIn(
      await submit("/members/sign-in", {
        session: first.session,
        email: "ada@example.com",
        password: PASSWORD,
      }),
    );
    const { path } = await startFlow({ prompt: "none" });
    expect(codeIn(await get(path)).get("code")).toEqual(expect.any(String));
  });

  test("web_message answers a page whose script file posts code and state to the caller's origin", async () => {
    await k.signUp("ada@example.com");
    const first = await startFlow();
    await submit("/members/sign-in", {
      session: first.session,
      email: "ada@example.com",
      password: PASSWORD,
    });
    const { flow, path } = await startFlow({
      prompt: "none",
      responseMode: "web_message",
      redirectUri: null,
    });
    const page = await get(path);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<script src="/members/assets/web-message.js" defer></script>');
    expect(page.body).toContain(`data-state="${flow.state}"`);
    expect(page.body).toContain(`data-target-origin="${ORIGIN}"`);
    expect(page.body).toMatch(/data-code="[^"]+"/);
    const script = await get("/members/assets/web-message.js");
    expect(script.headers["content-type"]).toContain("text/javascript");
    expect(script.body).toContain("postMessage");
  });
});

describe("forgot password", () => {
  test("the mailed link sets a new password once", async () => {
    await k.signUp("ada@example.com");
    const sent = await submit("/members/forgot-password", { email: "ada@example.com" });
    expect(sent.body).toContain("If ada@example.com belongs to an account");
    const mail = await k.smtp.nextMail("ada@example.com", 1);
    const link = new URL(/https?:\/\/\S+/.exec(mail.text)?.[0] ?? "");
    expect(link.origin).toBe(ORIGIN);
    const form = await get(link.pathname + link.search);
    const token = hiddenValue(form, "token");
    const done = await submit("/members/reset-password", { token, password: "my new password" });
    expect(done.body).toContain("Password changed");
    const again = await submit("/members/reset-password", { token, password: "another password" });
    expect(again.statusCode).toBe(400);
    const login = await k.post("/_api/iam/authentication/v2/login", {
      loginId: { email: "ada@example.com" },
      password: "my new password",
    });
    expect(login.json().state).toBe("SUCCESS");
  });

  test("an unknown address gets the same page and no mail", async () => {
    const page = await submit("/members/forgot-password", { email: "nobody@example.com" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("If nobody@example.com belongs to an account");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(k.smtp.countTo("nobody@example.com")).toBe(0);
  });
});

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

describe("sign out", () => {
  test("a logout redirect session ends the browser's sign-in and goes to the allowed page", async () => {
    await k.signUp("ada@example.com");
    const { session } = await startFlow();
    await submit("/members/sign-in", { session, email: "ada@example.com", password: PASSWORD });
    // The SDK creates the logout session with the member's own token.
    const { access_token } = await k.memberTokens("ada@example.com");
    const logout = await k.post(
      "/_api/redirects-api/v1/redirect-session",
      { logout: { clientId: TEST_CLIENT_ID }, callbacks: { postFlowUrl: `${ORIGIN}/` } },
      { authorization: access_token },
    );
    const url = new URL(logout.json().redirectSession.fullUrl);
    const page = await get(url.pathname + url.search);
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe(`${ORIGIN}/`);
    expect(cookies.has("member_session")).toBe(false);
    const silent = await startFlow({ prompt: "none" });
    expect(codeIn(await get(silent.path)).get("error")).toBe("login_required");
  });

  test("logout CSRF: a logout link made by someone else asks the member, and only the button signs out", async () => {
    await k.signUp("ada@example.com");
    const { session } = await startFlow();
    await submit("/members/sign-in", { session, email: "ada@example.com", password: PASSWORD });
    const logout = await k.post(
      "/_api/redirects-api/v1/redirect-session",
      { logout: { clientId: TEST_CLIENT_ID }, callbacks: { postFlowUrl: `${ORIGIN}/` } },
      { authorization: await k.token() },
    );
    const url = new URL(logout.json().redirectSession.fullUrl);
    const asked = await get(url.pathname + url.search);
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain("Do you want to sign out?");
    expect(cookies.has("member_session")).toBe(true);
    expect((await get("/members/account")).statusCode).toBe(200);
    // A post from another site has no token: still signed in.
    const forged = await submitRaw("/members/sign-out", {
      session: url.searchParams.get("session") ?? "",
    });
    expect(forged.statusCode).toBe(403);
    expect(cookies.has("member_session")).toBe(true);
    const confirmed = await submit("/members/sign-out", {
      csrf: hiddenValue(asked, "csrf"),
      session: hiddenValue(asked, "session"),
    });
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe(`${ORIGIN}/`);
    expect(cookies.has("member_session")).toBe(false);
  });

  test("logout CSRF: a navigation to GET /v1/logout without the member's token leaves them signed in", async () => {
    await k.signUp("ada@example.com");
    const { session } = await startFlow();
    await submit("/members/sign-in", { session, email: "ada@example.com", password: PASSWORD });
    const navigated = keepCookies(
      await k.app.inject({
        method: "GET",
        url: "/_api/iam/authentication/v1/logout?clientId=test-client",
        headers: {
          host: "store.test",
          cookie: cookieHeader(),
          "sec-fetch-site": "cross-site",
          "sec-fetch-mode": "navigate",
        },
      }),
    );
    expect(navigated.statusCode).toBe(200);
    expect(cookies.has("member_session")).toBe(true);
    expect((await get("/members/account")).statusCode).toBe(200);
  });

  test("login CSRF: another site's form with the attacker's credentials signs nobody in", async () => {
    await k.signUp("mallory@example.com");
    const { session } = await startFlow();
    const forged = await submitRaw("/members/sign-in", {
      session,
      email: "mallory@example.com",
      password: PASSWORD,
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.body).toContain("did not come from this site");
    expect(cookies.has("member_session")).toBe(false);
  });

  test("a logout to a foreign page is refused when the session is created", async () => {
    const logout = await k.post(
      "/_api/redirects-api/v1/redirect-session",
      { logout: { clientId: TEST_CLIENT_ID }, callbacks: { postFlowUrl: "https://evil.example/" } },
      { authorization: await k.token() },
    );
    expect(logout.statusCode).toBe(400);
  });
});
