/**
 * Login and logout CSRF in a real browser: a page on another site (served from
 * `localhost`, the store on `127.0.0.1`) posts the attacker's credentials to the store's sign-in
 * form, or navigates to a logout URL; the victim's sign-in state does not change.
 */
import { createServer, type Server } from "node:http";
import { expect, type Page, test } from "@playwright/test";
import { createSmtpMailer, startTestSmtp, type TestSmtp } from "../apps/store/src/main/testing.ts";
import { type RunningStore, startStore } from "../conformance/harness/store-server.ts";

// One store (E2E_PORT + 7), one attacker site (+ 8) and one SMTP server (+ 9) for this file.
const BASE = Number(process.env.E2E_PORT ?? "8791");
const ATTACKER = `http://localhost:${BASE + 8}`;
const PASSWORD = "a member's csrf password";
test.describe.configure({ mode: "serial" });

let store: RunningStore;
let mail: TestSmtp;
let attacker: Server;
let attackerPage = "";

test.beforeAll(async () => {
  mail = await startTestSmtp(BASE + 9);
  store = await startStore(
    {
      get ms() {
        return Date.now();
      },
    },
    {
      port: BASE + 7,
      identity: {
        mailer: createSmtpMailer({ url: mail.url, from: "site@example.com" }),
        config: { registerMaxPerAddress: 1000, loginMaxPerAddress: 1000 },
      },
    },
  );
  attacker = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(attackerPage);
  });
  await new Promise<void>((resolve) => attacker.listen(BASE + 8, "localhost", resolve));
});

test.afterAll(async () => {
  await new Promise((resolve) => attacker?.close(resolve));
  await store?.close();
  await mail?.close();
});

async function member(email: string): Promise<void> {
  const call = (path: string, body: unknown) =>
    fetch(`${store.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }).then((response) => response.json());
  const registered = await call("/_api/iam/authentication/v2/register", {
    loginId: { email },
    password: PASSWORD,
  });
  const message = await mail.waitFor(email, /verification code is \d{6}/);
  const code = /verification code is (\d{6})/.exec(message.text)?.[1];
  await call("/_api/iam/verification/v1/auth/verify", { code, stateToken: registered.stateToken });
}

/** The member signed in with this browser on the store's pages, or null. */
async function signedInAs(page: Page): Promise<string | null> {
  await page.goto(`${store.url}/members/account`);
  if (new URL(page.url()).pathname !== "/members/account") return null;
  return (await page.locator("main strong").first().textContent()) ?? null;
}

async function signInOnStorePage(page: Page, email: string) {
  await page.goto(`${store.url}/members/sign-in`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/members/client-area");
}

async function visitAttacker(page: Page, html: string) {
  attackerPage = html;
  await page.goto(`${ATTACKER}/`);
  await page.waitForURL((url) => url.origin === store.url);
  await page.waitForLoadState();
}

test("login CSRF: another site's page auto-submitting the attacker's credentials signs the victim in as nobody", async ({
  page,
}) => {
  const mallory = `mallory-${Date.now()}@example.com`;
  await member(mallory);
  // The victim has visited the store before: the browser holds its form cookie.
  await page.goto(`${store.url}/members/sign-in`);
  await visitAttacker(
    page,
    `<form id="f" method="post" action="${store.url}/members/sign-in">
      <input name="email" value="${mallory}"><input name="password" value="${PASSWORD}">
    </form><script>document.getElementById("f").submit()</script>`,
  );
  await expect(page.locator("body")).toContainText("did not come from this site");
  expect(await signedInAs(page)).toBeNull();
});

test("logout CSRF: a cross-site navigation to a logout URL leaves the victim signed in", async ({
  page,
}) => {
  const ada = `ada-${Date.now()}@example.com`;
  await member(ada);
  await signInOnStorePage(page, ada);
  expect(await signedInAs(page)).toBe(ada);

  // The attacker makes a logout URL with a visitor token of their own.
  const { access_token } = await (
    await fetch(`${store.url}/oauth2/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ clientId: "local", grantType: "anonymous" }),
    })
  ).json();
  const session = await (
    await fetch(`${store.url}/_api/redirects-api/v1/redirect-session`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: access_token },
      body: JSON.stringify({ logout: { clientId: "local" } }),
    })
  ).json();
  const logoutUrl: string = session.redirectSession.fullUrl;
  await visitAttacker(page, `<script>location.href = ${JSON.stringify(logoutUrl)}</script>`);
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  expect(await signedInAs(page)).toBe(ada);

  await visitAttacker(
    page,
    `<script>location.href = "${store.url}/_api/iam/authentication/v1/logout?clientId=local"</script>`,
  );
  expect(await signedInAs(page)).toBe(ada);
  await visitAttacker(
    page,
    `<form id="f" method="post" action="${store.url}/members/sign-out"></form>
    <script>document.getElementById("f").submit()</script>`,
  );
  expect(await signedInAs(page)).toBe(ada);

  // The member's own choice still signs out.
  await page.goto(logoutUrl);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.locator("body")).toContainText("You are signed out");
  expect(await signedInAs(page)).toBeNull();
});
