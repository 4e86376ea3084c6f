/**
 * Drafts and publishing as the owner and a visitor meet them: a line kept as a draft
 * is on neither the page nor the data-items API, a preview link shows it until it is revoked,
 * and a time chosen a few seconds ahead puts it live (and another takes it off again). The
 * store's scheduler runs on the real clock here, so the page is polled.
 */
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { violations } from "./helpers/axe.ts";
import { ensureOwnerPassword, signIn } from "./helpers/owner-session.ts";
import { withStoreDb } from "./helpers/store-db.ts";

test.beforeAll(() => ensureOwnerPassword());

/** The Clients lines a visitor's token reads through the data-items API. */
async function linesForVisitors(request: APIRequestContext): Promise<string[]> {
  const token = await request.post("/oauth2/token", {
    data: { clientId: "local", grantType: "anonymous" },
  });
  const { access_token: accessToken } = (await token.json()) as { access_token: string };
  const query = await request.post("/wix-data/v2/items/query", {
    headers: { authorization: accessToken },
    data: { dataCollectionId: "Clients" },
  });
  expect(query.status()).toBe(200);
  const body = (await query.json()) as { dataItems: { data: { itemData?: string } }[] };
  return body.dataItems.map((item) => String(item.data.itemData));
}

/** `YYYY-MM-DDTHH:mm:ss`, `seconds` from now in the browser's own time zone. */
function localTimeAhead(page: Page, seconds: number): Promise<string> {
  return page.evaluate((ahead) => {
    const at = new Date(Date.now() + ahead * 1000);
    const pad = (value: number) => String(value).padStart(2, "0");
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
  }, seconds);
}

async function openEditor(page: Page, hash: string, heading: string): Promise<Locator> {
  // A fresh load: the editor shows what the store holds now.
  await page.goto(`/admin#${hash}`);
  await page.reload();
  const region = page.getByRole("region", { name: heading, exact: true });
  await expect(region.getByText("No unsaved changes.")).toBeVisible();
  return region;
}

/** The visitor's page, reloaded until `check` passes (the scheduler runs every 250 ms). */
async function pollPage(page: Page, check: (clients: Locator) => Promise<void>) {
  await expect(async () => {
    await page.goto("/");
    await check(page.locator("#clients"));
  }).toPass({ timeout: 20_000, intervals: [500] });
}

test("a draft line is hidden from visitors and the API, shows through a preview link until it is revoked, and goes live and off at the chosen times", async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.skip(
    testInfo.project.name !== "desktop",
    "the page's content is shared by the projects: the drafts flow runs once, at desktop width",
  );
  test.setTimeout(120_000);
  const line = `Draft line ${Date.now()}`;
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  try {
    await signIn(page, "/admin#Clients");
    let editor = await openEditor(page, "Clients", "Ideal clients");
    await editor.getByRole("button", { name: "+ Add a line" }).click();
    await editor.getByRole("textbox").last().fill(line);
    await editor.getByRole("button", { name: "Save as draft" }).click();
    await expect(editor.getByText(/^Kept as a draft at /)).toBeVisible();
    await expect(editor.getByText("Draft", { exact: true })).toBeVisible();
    const drafts = editor.getByRole("region", { name: "Draft: 1 item not published" });
    await expect(drafts).toContainText(`“${line}”: Not published yet`);
    expect(await violations(page, "main section:not([hidden])")).toEqual([]);

    await visitorPage.goto("/");
    await expect(visitorPage.locator("#clients")).not.toContainText(line);
    expect(await visitorPage.content()).not.toContain(line);
    expect(await linesForVisitors(request)).not.toContain(line);

    await page.goto("/admin#preview-links");
    const links = page.getByRole("region", { name: "Preview links" });
    await links.getByLabel("Label (optional)").fill("For the e2e visitor");
    await links.getByRole("button", { name: "Create link" }).click();
    const address = await links.getByLabel("Preview link for For the e2e visitor").inputValue();
    expect(await violations(page, "main")).toEqual([]);
    const previewPath = new URL(address).pathname;
    await visitorPage.goto(previewPath);
    await expect(visitorPage.getByText("Preview: not published")).toBeVisible();
    await expect(visitorPage.locator("#clients")).toContainText(line);

    page.once("dialog", (dialog) => void dialog.accept());
    await links.getByRole("button", { name: "Revoke For the e2e visitor" }).click();
    await expect(links.getByText("For the e2e visitor")).toHaveCount(0);
    const revoked = await visitorPage.goto(previewPath);
    expect(revoked?.status()).toBe(404);
    await expect(visitorPage.locator("body")).not.toContainText(line);

    editor = await openEditor(page, "Clients", "Ideal clients");
    const publishAt = await localTimeAhead(page, 6);
    await editor.getByLabel("Publish at", { exact: true }).fill(publishAt);
    await editor.getByRole("button", { name: "Schedule publishing" }).click();
    await expect(editor.getByText(/^Scheduled to go live /)).toBeVisible();
    await expect(editor.getByRole("region", { name: /^Draft: / })).toContainText("Scheduled for");
    expect(await linesForVisitors(request)).not.toContain(line);
    await pollPage(visitorPage, (clients) => expect(clients).toContainText(line, { timeout: 250 }));
    expect(await linesForVisitors(request)).toContain(line);
    // The open editor follows without a reload.
    await expect(editor.getByText(/went live on schedule/)).toBeVisible({ timeout: 15_000 });
    await expect(editor.getByRole("region", { name: /^Draft: / })).toHaveCount(0);

    editor = await openEditor(page, "Clients", "Ideal clients");
    await expect(editor.getByRole("region", { name: /^Draft: / })).toHaveCount(0);
    const history = editor.getByRole("region", { name: "Drafts and publishing" });
    await history.getByText("Published changes").click();
    await expect(history.getByRole("list", { name: /^Published changes/ })).toContainText(
      `“${line}” went live: published on schedule, scheduled by`,
    );

    const unpublish = editor.getByRole("region", { name: "Drafts and publishing" });
    await unpublish.getByText("Unpublish at a chosen time").click();
    await unpublish.getByLabel("Item to take off the page").selectOption({ label: `“${line}”` });
    await unpublish.getByLabel("Unpublish at").fill(await localTimeAhead(page, 6));
    await unpublish.getByRole("button", { name: "Schedule unpublishing" }).click();
    await expect(editor.getByText(/is scheduled to come off the page/)).toBeVisible();
    await pollPage(visitorPage, (clients) =>
      expect(clients).not.toContainText(line, { timeout: 250 }),
    );
  } finally {
    await visitor.close();
    // A run that stopped half-way leaves neither a draft nor the line behind.
    withStoreDb((db) => {
      db.prepare("DELETE FROM pending_changes WHERE collection_id = ? AND data LIKE ?").run(
        "Clients",
        `%${line}%`,
      );
    });
  }
});

test("the drafts panel and the preview links have no axe violations and work by keyboard", async ({
  page,
}) => {
  await signIn(page, "/admin#Services");
  const editor = await openEditor(page, "Services", "Services");
  const panel = editor.getByRole("region", { name: "Drafts and publishing" });
  await expect(panel).toBeVisible();
  await expect(editor.getByRole("button", { name: "Save as draft" })).toBeVisible();
  await panel.getByText("Unpublish at a chosen time").click();
  await expect(panel.getByLabel("Unpublish at")).toBeVisible();
  expect(await violations(page, "main section:not([hidden])")).toEqual([]);
  // At 375 px the panel and the save bar's extra button fit: nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );

  await page.goto("/admin#preview-links");
  const links = page.getByRole("region", { name: "Preview links" });
  const label = `Keyboard ${testInfoSafe()}`;
  await links.getByLabel("Label (optional)").fill(label);
  await page.keyboard.press("Enter");
  const address = links.getByLabel(`Preview link for ${label}`);
  await expect(address).toBeFocused();
  await expect(address).toHaveValue(/\/preview\//);
  expect(await violations(page, "main")).toEqual([]);
  await page.keyboard.press("Tab");
  await expect(links.getByRole("button", { name: "Copy link" })).toBeFocused();

  page.once("dialog", (dialog) => void dialog.accept());
  const revoke = links.getByRole("button", { name: `Revoke ${label}` });
  await revoke.focus();
  await page.keyboard.press("Enter");
  await expect(links.getByText(label, { exact: true })).toHaveCount(0);
});

/** Whether what shows at the middle of `locator` is it (or inside it), nothing laid over it. */
function onTop(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit !== null && element.contains(hit);
  });
}

test("the preview banner leaves the site's header (name, menu, phone menu button) uncovered", async ({
  page,
  browser,
}) => {
  await signIn(page, "/admin#preview-links");
  const links = page.getByRole("region", { name: "Preview links" });
  const label = `Banner ${testInfoSafe()}`;
  await links.getByLabel("Label (optional)").fill(label);
  await links.getByRole("button", { name: "Create link" }).click();
  const address = await links.getByLabel(`Preview link for ${label}`).inputValue();
  const visitor = await browser.newContext({ viewport: page.viewportSize() });
  try {
    const preview = await visitor.newPage();
    await preview.goto(new URL(address).pathname);
    await expect(preview.getByText("Preview: not published")).toBeVisible();
    const header = preview.locator("header").first();
    const name = header.getByRole("link").first();
    expect(await onTop(name)).toBe(true);
    const menuButton = header.getByRole("button", { name: "Menu" });
    const menu = (await menuButton.isVisible()) ? menuButton : header.getByRole("navigation");
    expect(await onTop(menu)).toBe(true);
    // The page's last lines scroll clear of the banner.
    await preview.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await onTop(preview.locator("footer").last())).toBe(true);
    for (const scheme of ["light", "dark"] as const) {
      await preview.emulateMedia({ colorScheme: scheme });
      expect(await violations(preview)).toEqual([]);
    }
  } finally {
    await visitor.close();
    page.once("dialog", (dialog) => void dialog.accept());
    await links.getByRole("button", { name: `Revoke ${label}` }).click();
  }
});

function testInfoSafe(): string {
  return `${test.info().project.name} ${Date.now()}`;
}
