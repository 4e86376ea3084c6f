/**
 * The store's sign-in pages, driven as a browser without JavaScript would: forms posted, cookies
 * kept, redirects followed by hand. Signing in, signing up, silent sign-in and a forgotten
 * password; codes reach only allowed redirect URIs.
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  createMemberKit,
  type MemberKit,
  ORIGIN,
  PASSWORD,
} from "../../main/test-kit/identity-kit.ts";
import {
  createMemberBrowser,
  hiddenValue,
  type MemberBrowser,
} from "../../main/test-kit/member-browser.ts";
import {
  codeIn,
  exchangeCode,
  type SignInFlowOptions,
  startSignInFlow,
} from "../../main/test-kit/member-signed-in.ts";

let k: MemberKit;
let browser: MemberBrowser;
beforeEach(async () => {
  k = await createMemberKit();
  browser = createMemberBrowser(k);
});
afterEach(() => k.close());

const get = (url: string) => browser.get(url);
const submit = (url: string, fields: Record<string, string>) => browser.submit(url, fields);
const startFlow = (options?: SignInFlowOptions) => startSignInFlow(k, options);

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
    const tokens = await exchangeCode(k, params.get("code"), flow);
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
      name: "Ada New",
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
      name: "Ada New",
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
      name: "Ada New",
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

  test("a malformed address is named on the e-mail field, not as the API's 'invalid request'", async () => {
    const page = await submit("/members/forgot-password", { email: "nope" });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain(
      '<p class="error" id="email-error">E-mail must be a valid e-mail address.</p>',
    );
    expect(page.body).not.toContain("invalid request");
  });

  test("an unknown address gets the same page and no mail", async () => {
    const page = await submit("/members/forgot-password", { email: "nobody@example.com" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("If nobody@example.com belongs to an account");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(k.smtp.countTo("nobody@example.com")).toBe(0);
  });
});
