/**
 * Login CSRF on the editor in a real browser: a page on another site (served from `localhost`,
 * the store on `127.0.0.1`) auto-submits a form with the attacker's credentials to the editor's
 * sign-in. As a top-level navigation the answer's cookie would be kept, and the victim would
 * work in the attacker's editor session; the store refuses the post and the victim is signed in
 * as nobody. The editor's own sign-in still works.
 */
import { createServer, type Server } from "node:http";
import { expect, type Page, test } from "@playwright/test";
import type { FastifyInstance } from "fastify";
import {
  createApp,
  OWNER_PASSWORD,
  openTestDb,
  setOwnerPassword,
} from "../apps/store/src/main/testing.ts";

// One store (E2E_PORT + 13) and one attacker site (+ 14) for this file.
const BASE = Number(process.env.E2E_PORT ?? "8791");
const STORE = `http://127.0.0.1:${BASE + 13}`;
const ATTACKER = `http://localhost:${BASE + 14}`;
test.describe.configure({ mode: "serial" });

let app: FastifyInstance;
let attacker: Server;
let attackerPage = "";

test.beforeAll(async () => {
  const db = openTestDb();
  await setOwnerPassword(db);
  app = createApp({ db, config: { clientId: "local", signingKey: new Uint8Array(32).fill(9) } });
  app.addHook("onClose", async () => db.close());
  await app.listen({ host: "127.0.0.1", port: BASE + 13 });
  attacker = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(attackerPage);
  });
  await new Promise<void>((resolve) => attacker.listen(BASE + 14, "localhost", resolve));
});

test.afterAll(async () => {
  await new Promise((resolve) => attacker?.close(resolve));
  await app?.close();
});

/** Whether this browser holds an editor session of the store. */
async function signedIn(page: Page): Promise<boolean> {
  await page.goto(`${STORE}/admin/api/session`);
  return JSON.parse((await page.locator("body").textContent()) ?? "{}").signedIn === true;
}

async function autoSubmit(page: Page, enctype: string, fields: Record<string, string>) {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input name="${name}" value="${value}">`)
    .join("");
  attackerPage = `<form id="f" method="post" enctype="${enctype}" action="${STORE}/admin/api/sign-in">${inputs}</form>
    <script>document.getElementById("f").submit()</script>`;
  await page.goto(`${ATTACKER}/`);
  await page.waitForURL((url) => url.origin === STORE);
  await page.waitForLoadState();
}

test("login CSRF: another site's form posting the attacker's editor password signs the victim in as nobody", async ({
  page,
}) => {
  // The victim has opened the editor before.
  await page.goto(`${STORE}/admin/api/session`);
  await autoSubmit(page, "application/x-www-form-urlencoded", { password: OWNER_PASSWORD });
  await expect(page.locator("body")).toContainText("did not come from the editor");
  expect(await signedIn(page)).toBe(false);

  // A text/plain form whose body looks like JSON is refused too.
  await autoSubmit(page, "text/plain", { '{"password":"': `${OWNER_PASSWORD}","x":"` });
  expect(await signedIn(page)).toBe(false);
});

test("the editor's own sign-in, JSON from its own origin, still signs in", async ({ page }) => {
  await page.goto(`${STORE}/admin/api/session`);
  const status = await page.evaluate(
    async (password) =>
      (
        await fetch("/admin/api/sign-in", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ password }),
        })
      ).status,
    OWNER_PASSWORD,
  );
  expect(status).toBe(200);
  expect(await signedIn(page)).toBe(true);
});
