/**
 * The official SDK's member login (`@wix/sdk` OAuthStrategy) against the real store, over
 * loopback HTTP with a real SMTP server (docs/protocol.md §13.1: the SDK's hosts are redirected
 * to the store). The conformance suite compares it with our client; this pins the store side.
 */
import { items } from "@wix/data";
import { createClient, OAuthStrategy } from "@wix/sdk";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createMemberKit, type MemberKit, PASSWORD } from "../main/test-kit/identity-kit.ts";
import { TEST_CLIENT_ID } from "../main/test-kit/test-app.ts";

const WIX_HOSTS = new Set(["www.wixapis.com", "edge.wixapis.com"]);
const realFetch = globalThis.fetch;
let k: MemberKit;
let base = "";

beforeAll(async () => {
  // No PUBLIC_URL: a developer's store on loopback, its own origin the trusted one.
  k = await createMemberKit({ config: { publicUrl: null } });
  k.db.prepare("INSERT INTO collections (id, display_name) VALUES ('MembersOnly', 'M')").run();
  k.db
    .prepare(
      `INSERT INTO collection_permissions (collection_id, read_role, insert_role, update_role, remove_role)
       VALUES ('MembersOnly', 'member', 'member', 'admin', 'admin')`,
    )
    .run();
  k.insert("MembersOnly", [{ _id: "m1", note: "for members" }]);
  base = await k.app.listen({ port: 0, host: "127.0.0.1" });
  globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (!WIX_HOSTS.has(url.host)) return realFetch(input, init);
    return realFetch(new Request(`${base}${url.pathname}${url.search}`, request));
  };
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  await k.close();
});

const sdk = () =>
  createClient({ modules: { items }, auth: OAuthStrategy({ clientId: TEST_CLIENT_ID }) });

async function registered(email: string) {
  const client = sdk();
  const before = k.smtp.countTo(email);
  const result = await client.auth.register({ email, password: PASSWORD });
  expect(result.loginState).toBe("EMAIL_VERIFICATION_REQUIRED");
  const verified = await client.auth.processVerification({
    verificationCode: await k.mailedCode(email, before),
  });
  expect(verified.loginState).toBe("SUCCESS");
  return client;
}

describe("official SDK member login against the store", () => {
  test("register, then processVerification with the mailed code", async () => {
    await registered("sdk-ada@example.com");
  });

  test("a second registration of the address maps to emailAlreadyExists", async () => {
    await registered("sdk-dup@example.com");
    const again = await sdk().auth.register({ email: "sdk-dup@example.com", password: PASSWORD });
    expect(again).toMatchObject({ loginState: "FAILURE", errorCode: "emailAlreadyExists" });
  });

  test("a malformed e-mail maps to invalidEmail", async () => {
    const result = await sdk().auth.register({ email: "nope", password: PASSWORD });
    expect(result).toMatchObject({ loginState: "FAILURE", errorCode: "invalidEmail" });
  });

  test("login: right password SUCCESS; wrong password and unknown e-mail invalidPassword", async () => {
    await registered("sdk-login@example.com");
    const client = sdk();
    const right = await client.auth.login({ email: "sdk-login@example.com", password: PASSWORD });
    expect(right).toMatchObject({
      loginState: "SUCCESS",
      data: { sessionToken: expect.any(String) },
    });
    const wrong = await client.auth.login({
      email: "sdk-login@example.com",
      password: "bad bad bad",
    });
    expect(wrong).toMatchObject({ loginState: "FAILURE", errorCode: "invalidPassword" });
    const unknown = await client.auth.login({
      email: "nobody@example.com",
      password: "bad bad bad",
    });
    expect(unknown).toMatchObject({ loginState: "FAILURE", errorCode: "invalidPassword" });
  });

  test("getAuthUrl, the store's sign-in page, then getMemberTokens read a members-only collection", async () => {
    await registered("sdk-page@example.com");
    const client = sdk();
    const oauthData = client.auth.generateOAuthData(`${base}/callback`);
    const { authUrl } = await client.auth.getAuthUrl(oauthData, { responseMode: "query" });
    const session = new URL(authUrl).searchParams.get("session") ?? "";
    const form = await realFetch(authUrl);
    expect(form.status).toBe(200);
    const formToken = /name="form_token" value="([^"]+)"/.exec(await form.text())?.[1] ?? "";
    const signedIn = await realFetch(`${base}/members/sign-in`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        cookie: (form.headers.get("set-cookie") ?? "").split(";")[0] ?? "",
      },
      body: new URLSearchParams({
        session,
        email: "sdk-page@example.com",
        password: PASSWORD,
        form_token: formToken,
      }),
      redirect: "manual",
    });
    const location = signedIn.headers.get("location") ?? "";
    const { code, state } = client.auth.parseFromUrl(location, "query");
    client.auth.setTokens(await client.auth.getMemberTokens(code ?? "", state ?? "", oauthData));
    expect(client.auth.loggedIn()).toBe(true);
    const result = await client.items.query("MembersOnly").find();
    expect(result.items.map((item) => item._id)).toEqual(["m1"]);
  });

  test("a visitor is refused on the members-only collection", async () => {
    await expect(sdk().items.query("MembersOnly").find()).rejects.toThrow();
  });

  test("getMemberTokensForExternalLogin and ...WithSession with the API key", async () => {
    await registered("sdk-ext@example.com");
    const id = (
      k.db.prepare("SELECT id FROM identities WHERE email = ?").get("sdk-ext@example.com") as {
        id: string;
      }
    ).id;
    const client = sdk();
    await client.auth.generateVisitorTokens();
    client.auth.setTokens(await client.auth.getMemberTokensForExternalLogin(id, k.apiKey));
    expect((await client.items.query("MembersOnly").find()).items).toHaveLength(1);
    const other = sdk();
    await other.auth.generateVisitorTokens();
    other.auth.setTokens(
      await other.auth.getMemberTokensForExternalLoginWithSession("sdk-sso@example.com", k.apiKey),
    );
    expect(other.auth.loggedIn()).toBe(true);
    expect((await other.items.query("MembersOnly").find()).items).toHaveLength(1);
  });

  test("sendPasswordResetEmail mails a recovery link", async () => {
    await registered("sdk-reset@example.com");
    const before = k.smtp.countTo("sdk-reset@example.com");
    await sdk().auth.sendPasswordResetEmail("sdk-reset@example.com", `${base}/reset`);
    const mail = await k.smtp.nextMail("sdk-reset@example.com", before);
    expect(mail.text).toContain(`${base}/members/reset-password?token=`);
  });

  test("logout answers the store's logout URL and clears the tokens", async () => {
    const client = await registered("sdk-out@example.com");
    const { logoutUrl } = await client.auth.logout(`${base}/`);
    expect(logoutUrl).toMatch(new RegExp(`^${base}/members/authorize\\?session=`));
    expect(client.auth.loggedIn()).toBe(false);
    const page = await realFetch(logoutUrl, { redirect: "manual" });
    expect(page.status).toBe(303);
    expect(page.headers.get("location")).toBe(`${base}/`);
  });
});
