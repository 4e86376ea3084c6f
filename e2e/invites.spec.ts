/**
 * The invitation story, as a new consultant and their client meet it: the owner is told their
 * notices reach nobody and gives their address, invites a client from Members; the client opens
 * the mailed link, chooses a password, is greeted by name, signs in and is greeted by name in
 * the client area; the owner's audit log reads the invitation and the sign-ins as sentences.
 * axe finds nothing on the pages visited. On a store of the spec's own (its outbox is read).
 */
import { expect, test } from "@playwright/test";
import { violations } from "./helpers/axe.ts";
import { type OwnerStore, startOwnerStore } from "./helpers/owner-store.ts";
import { sendMemberSignIn } from "./helpers/site-members.ts";

const PASSWORD = "the invite spec's owner password";
const OWNER_EMAIL = "alex@consultant.test";
const CLIENT_PASSWORD = "jo's own long password";

let store: OwnerStore;
test.describe.configure({ mode: "serial" });
test.beforeAll(async () => {
  store = await startOwnerStore(PASSWORD);
});
test.afterAll(async () => store.close());

test("owner sets the address, invites a client who joins from the mail, greeted by name; the audit log says so", async ({
  page,
  browser,
}, testInfo) => {
  const jo = `jo-${testInfo.project.name}@client.example`;
  await page.goto(`${store.url}/admin`);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Site editor" })).toBeVisible();

  const notice = page.getByRole("region", { name: "Your notices" });
  await expect(notice).toContainText("Your notices reach nobody yet");
  expect(await violations(page)).toEqual([]);
  await notice.getByRole("link", { name: "Give your e-mail address" }).click();
  await page.getByLabel("New e-mail address").fill(OWNER_EMAIL);
  await page.getByLabel("Your password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Save e-mail" }).click();
  await expect(page.getByText(`Now: ${OWNER_EMAIL}.`)).toBeVisible();

  await page.getByRole("link", { name: "Members" }).click();
  // The address is given; mail still stays in the development outbox, and the notice says so.
  await expect(page.getByRole("region", { name: "Your notices" })).toContainText(
    "Mail is not sent yet",
  );
  const invite = page.getByRole("region", { name: "Invite a client" });
  await invite.getByLabel("Their name").fill("Jo Client");
  await invite.getByLabel("Their e-mail address").fill(jo);
  await invite.getByLabel("A few words for the mail (optional)").fill("Glad to work with you.");
  await invite.getByRole("button", { name: "Send the invitation" }).click();
  await expect(invite.getByRole("listitem").filter({ hasText: jo })).toContainText("Jo Client");
  expect(await violations(page)).toEqual([]);

  const mail = await store.mailTo(jo);
  expect(mail).toContain("Hello Jo Client,");
  expect(mail).toContain("Glad to work with you.");
  const link = /http:\/\/\S+\/members\/invite\?token=\S+/.exec(mail)?.[0] ?? "";
  expect(link.startsWith(store.url)).toBe(true);

  const context = await browser.newContext();
  const client = await context.newPage();
  await client.goto(link);
  await expect(client.getByRole("heading", { name: "Welcome, Jo Client" })).toBeVisible();
  expect(await violations(client)).toEqual([]);
  await client.getByLabel("Password").fill(CLIENT_PASSWORD);
  await client.getByRole("button", { name: "Set my password" }).click();
  await expect(client.getByText("Your password is set.")).toBeVisible();
  expect(await violations(client)).toEqual([]);
  await client.getByRole("link", { name: "Sign in to your client area" }).click();
  await client.getByLabel("E-mail").fill(jo);
  await sendMemberSignIn(client, CLIENT_PASSWORD);
  await expect(client).toHaveURL(/\/members\/client-area$/);
  await expect(client.getByRole("heading", { name: "Welcome, Jo Client" })).toBeVisible();
  expect(await violations(client)).toEqual([]);
  await context.close();

  await page.getByRole("link", { name: "Account" }).click();
  const log = page.getByRole("list", { name: "Audit log" });
  await expect(log).toContainText(`You invited Jo Client (${jo}).`);
  await expect(log).toContainText("Jo Client accepted your invitation and joined.");
  await expect(log).toContainText("You signed in to the editor.");
  await expect(log).not.toContainText("/admin/api");
  expect(await violations(page)).toEqual([]);
});
