/**
 * Private files in Chromium against the real store: the owner shares a file with
 * client A in /admin; A sees it named and new, downloads it, and the owner sees the receipt;
 * client B and a visitor get 404 for its URL; past its expiry it answers 410, once revoked 404;
 * A sends a file, the owner sees it under A and gets the mail; a `.pdf` holding HTML is refused;
 * without JavaScript the page's form sends the file too.
 */
import { type Browser, expect, type Page, test } from "@playwright/test";
import { violations } from "./helpers/axe.ts";
import { ensureOwnerPassword, signIn } from "./helpers/owner-session.ts";
import { addMember, signInAsMember, uniqueEmail } from "./helpers/site-members.ts";
import { withStoreDb } from "./helpers/store-db.ts";

const PDF = Buffer.from("%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const HTML = Buffer.from("<!doctype html><script>alert(1)</script>");

async function personPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, acceptDownloads: true });
  return context.newPage();
}

/** The owner's address for mail: set once if the owner has none yet. */
function ownerEmail(): string {
  return withStoreDb((db) => {
    db.prepare("UPDATE identities SET email = ? WHERE id = 'owner' AND email = 'owner'").run(
      "owner@e2e.example.com",
    );
    return (
      db.prepare<[], { email: string }>("SELECT email FROM identities WHERE id = 'owner'").get()
        ?.email ?? ""
    );
  });
}

function mailsTo(email: string): { subject: string; body: string }[] {
  return withStoreDb((db) =>
    db
      .prepare<[string], { subject: string; body: string }>(
        "SELECT subject, body FROM mail_outbox WHERE recipient = ? ORDER BY id",
      )
      .all(email),
  );
}

function fileIdNamed(name: string): string {
  return withStoreDb(
    (db) =>
      db.prepare<[string], { id: string }>("SELECT id FROM files WHERE name = ?").get(name)?.id ??
      "",
  );
}

test.beforeAll(() => ensureOwnerPassword());

test("the owner shares a file with one client: only they download it, the owner sees when; expiry and revoke close it", async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  const project = testInfo.project.name;
  const adaEmail = uniqueEmail("ada", project);
  const bobEmail = uniqueEmail("bob", project);
  await addMember(adaEmail);
  await addMember(bobEmail);
  const name = `plan-${project}-${Date.now()}.pdf`;

  await signIn(page, "/admin#files");
  const form = page.getByRole("form", { name: "Share files" });
  await form.getByLabel(/^Files/).setInputFiles({ name, mimeType: "application/pdf", buffer: PDF });
  await form.getByRole("checkbox", { name: adaEmail }).check();
  await form.getByLabel("Folder (optional)").fill("Plans");
  await form.getByLabel("Note (optional)").fill("Read before Monday");
  await form.getByRole("button", { name: "Upload and share" }).click();
  await expect(page.getByText(/1 file shared/)).toBeVisible();
  expect(mailsTo(adaEmail).map((mail) => mail.subject)).toEqual(["A file was shared with you"]);

  const ada = await personPage(browser, baseURL);
  await signInAsMember(ada, adaEmail);
  const row = ada.getByRole("listitem").filter({ hasText: name });
  await expect(row).toContainText("New");
  await expect(row).toContainText("Read before Monday");
  const link = row.getByRole("link", { name: `Download ${name}` });
  const adaUrl = (await link.getAttribute("href")) ?? "";
  const download = ada.waitForEvent("download");
  await link.click();
  expect((await download).suggestedFilename()).toBe(name);
  await ada.reload();
  await expect(ada.getByRole("listitem").filter({ hasText: name })).not.toContainText("New");

  await page.reload();
  const shared = page.getByRole("region", { name: "Shared files" });
  await expect(shared.getByText(`${adaEmail} first opened ${name}`)).toBeVisible();

  const fileId = fileIdNamed(name);
  const url = `/files/v1/files/${fileId}/content`;
  const bob = await personPage(browser, baseURL);
  await signInAsMember(bob, bobEmail);
  await expect(bob.getByText("No file is shared with you yet.")).toBeVisible();
  // Bob's browser, with his own page's token or with Ada's link, gets nothing; a visitor neither.
  const bobCsrf = (await bob.locator("#send-file").getAttribute("data-csrf")) ?? "";
  const asBob = await bob.request.get(`/members/client-area/files/${fileId}?csrf=${bobCsrf}`);
  expect(asBob.status()).toBe(404);
  expect((await bob.request.get(adaUrl)).status()).toBe(403);
  expect((await request.get(url)).status()).toBe(404);
  expect((await request.get(adaUrl)).status()).toBe(403);

  const asAda = await ada.request.get(adaUrl);
  expect(asAda.status()).toBe(200);
  expect(asAda.headers()["cache-control"]).toBe("private, no-store");

  // Past its expiry: the share's end moved into the past, as time passing would.
  withStoreDb((db) =>
    db
      .prepare(
        "UPDATE file_shares SET expires_at = ? WHERE id IN (SELECT share_id FROM file_share_files WHERE file_id = ?)",
      )
      .run(Date.now() - 1000, fileId),
  );
  expect((await ada.request.get(adaUrl)).status()).toBe(410);
  await ada.reload();
  await expect(ada.getByRole("listitem").filter({ hasText: name })).toContainText("Expired");

  withStoreDb((db) =>
    db
      .prepare(
        "UPDATE file_shares SET expires_at = NULL WHERE id IN (SELECT share_id FROM file_share_files WHERE file_id = ?)",
      )
      .run(fileId),
  );
  await page.reload();
  const card = page.getByRole("region", { name: "Shared files" }).getByRole("listitem").filter({
    hasText: name,
  });
  await card.getByRole("button", { name: "Revoke" }).first().click();
  await expect(card.getByText(/^To .* Revoked/)).toBeVisible();
  expect((await ada.request.get(adaUrl)).status()).toBe(404);
  await ada.context().close();
  await bob.context().close();
});

test("a client sends a file: the owner sees it under the client and gets the mail; HTML named .pdf is refused", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const owner = ownerEmail();
  const email = uniqueEmail("cara", testInfo.project.name);
  await addMember(email);
  const name = `signed-${testInfo.project.name}-${Date.now()}.pdf`;

  const cara = await personPage(browser, baseURL);
  await signInAsMember(cara, email);
  const upload = cara.getByLabel("Send a file to the owner");
  await upload.setInputFiles({ name: "invoice.pdf", mimeType: "application/pdf", buffer: HTML });
  await cara.getByRole("button", { name: "Send", exact: true }).click();
  await expect(cara.getByRole("alert")).toContainText(
    "[invoice.pdf] is not what its name says: its contents are not a PDF",
  );

  await upload.setInputFiles({ name, mimeType: "application/pdf", buffer: PDF });
  await cara.getByRole("button", { name: "Send", exact: true }).click();
  await expect(cara.getByText(`${name} was sent to the owner.`)).toBeVisible();

  await signIn(page, "/admin#files");
  const fromClients = page.getByRole("region", { name: "Files from clients" });
  const block = fromClients
    .locator("div")
    .filter({ has: page.getByRole("heading", { name: email }) });
  await expect(block.getByRole("link", { name })).toBeVisible();
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await cara.emulateMedia({ colorScheme });
    expect({ colorScheme, violations: await violations(page) }).toEqual({
      colorScheme,
      violations: [],
    });
    expect({ colorScheme, violations: await violations(cara) }).toEqual({
      colorScheme,
      violations: [],
    });
  }
  if (owner.includes("@")) {
    await expect.poll(() => mailsTo(owner).some((mail) => mail.body.includes(name))).toBe(true);
  }
  await cara.context().close();
});

test("a client without JavaScript sends a file with the page's form; HTML named .pdf is refused with the reason", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const email = uniqueEmail("nojs", testInfo.project.name);
  await addMember(email);
  const name = `plain-form-${testInfo.project.name}-${Date.now()}.pdf`;
  const client = await (await browser.newContext({ baseURL, javaScriptEnabled: false })).newPage();
  await signInAsMember(client, email);
  const upload = client.getByLabel("Send a file to the owner");
  await upload.setInputFiles({ name: "invoice.pdf", mimeType: "application/pdf", buffer: HTML });
  await client.getByRole("button", { name: "Send", exact: true }).click();
  await expect(client.getByRole("alert")).toContainText(
    "[invoice.pdf] is not what its name says: its contents are not a PDF",
  );
  await upload.setInputFiles({ name, mimeType: "application/pdf", buffer: PDF });
  await client.getByRole("button", { name: "Send", exact: true }).click();
  await expect(client).toHaveURL(/\/members\/client-area\?sent=/);
  await expect(client.getByRole("status")).toHaveText(`${name} was sent to the owner.`);
  await expect(client.getByRole("list", { name: "Files you sent" })).toContainText(name);

  await signIn(page, "/admin#files");
  const fromClients = page.getByRole("region", { name: "Files from clients" });
  await expect(fromClients.getByRole("link", { name })).toBeVisible();
  await client.context().close();
});
