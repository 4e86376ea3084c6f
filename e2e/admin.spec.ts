import { expect, type Page, test } from "@playwright/test";
import { violations } from "./helpers/axe.ts";
import { watchCspViolations } from "./helpers/csp-violations.ts";
import {
  ensureOwnerPassword,
  OWNER_PASSWORD,
  signIn,
  snapshotItems,
} from "./helpers/owner-session.ts";
import { readSampleItems, storedItemData } from "./helpers/store-db.ts";

// One worker runs these in order; the other specs read the same store meanwhile, so every test
// edits items no other spec asserts on and puts them back afterwards.
test.describe.configure({ mode: "serial" });
test.skip(
  ({ viewport }) => (viewport?.width ?? 0) < 768,
  "the editor is checked at desktop and tablet widths",
);

test.beforeAll(() => ensureOwnerPassword());

async function openCollection(page: Page, label: string) {
  await page
    .getByRole("navigation", { name: "Content" })
    .getByRole("link", { name: label })
    .click();
  await expect(page.getByRole("heading", { level: 2, name: label })).toBeVisible();
}

async function save(page: Page) {
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText(/^Saved at /)).toBeVisible();
}

test("a wrong password says only 'Wrong password.'", async ({ page }) => {
  await page.goto("/admin");
  await page.getByLabel("Password", { exact: true }).fill(`${OWNER_PASSWORD} but wrong`);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Wrong password.", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Site editor" })).toHaveCount(0);
});

test("the owner edits the About text and the public page shows it after a reload", async ({
  page,
}) => {
  const restore = snapshotItems("About", ["about"]);
  const marker = `About text edited in the browser at ${Date.now()}.`;
  try {
    const site = await page.context().newPage();
    await site.goto("/");
    await expect(site.locator("#about")).not.toContainText(marker);

    await signIn(page);
    await openCollection(page, "About me");
    await page.getByRole("textbox", { name: "About text" }).fill(marker);
    await save(page);

    await site.reload();
    await expect(site.locator("#about")).toContainText(marker);
  } finally {
    restore();
  }
});

test("a services card gets a new detail and loses another", async ({ page }) => {
  const restore = snapshotItems("Services", ["finance"]);
  try {
    await signIn(page, "/admin#Services");
    await page.getByRole("button", { name: "Remove detail 1 of “Financial Clarity”" }).click();
    await page.getByRole("button", { name: "Add a detail to “Financial Clarity”" }).click();
    const card = page.getByRole("group", { name: /^Service 3/ });
    await card.getByRole("textbox", { name: "Heading" }).last().fill("Cash coaching");
    await card
      .getByRole("textbox", { name: "Text" })
      .last()
      .fill("A monthly hour on cash and runway.");
    await save(page);

    await page.goto("/");
    const toggle = page.locator("#services").getByRole("button").nth(2);
    await toggle.click();
    const details = page.locator(`#${await toggle.getAttribute("aria-controls")}`);
    await expect(details).toContainText("Cash coaching");
    await expect(details).toContainText("Forecasting");
    await expect(details).not.toContainText("Reporting");
  } finally {
    restore();
  }
});

test("a stale save from a second tab gets the conflict message with both versions", async ({
  page,
}) => {
  const restore = snapshotItems("HomePage", ["sub-title"]);
  try {
    await signIn(page);
    const second = await page.context().newPage();
    await second.goto("/admin");
    const subtitle = (tab: Page) => tab.getByRole("textbox", { name: "Subtitle" });
    await expect(subtitle(second)).toBeVisible();

    await subtitle(page).fill("Subtitle saved in the first tab");
    await save(page);

    await subtitle(second).fill("Subtitle typed in the stale tab");
    await second.getByRole("button", { name: "Save changes" }).click();
    const dialog = second.getByRole("dialog", { name: "This changed somewhere else" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("alert")).toContainText("Nothing was overwritten");
    await expect(dialog.getByRole("region", { name: "Your version" })).toContainText(
      "Subtitle typed in the stale tab",
    );
    await expect(dialog.getByRole("region", { name: /^Stored version/ })).toContainText(
      "Subtitle saved in the first tab",
    );
    await page.goto("/");
    await expect(page.locator("#home")).toContainText("Subtitle saved in the first tab");

    await dialog.getByRole("button", { name: "Use the stored version" }).click();
    await expect(subtitle(second)).toHaveValue("Subtitle saved in the first tab");
  } finally {
    restore();
  }
});

test("an old version is previewed on the page and restored", async ({ page }) => {
  const restore = snapshotItems("About", ["about"]);
  const first = `First version ${Date.now()}`;
  try {
    await signIn(page, "/admin#About");
    const about = page.getByRole("textbox", { name: "About text" });
    await about.fill(first);
    await save(page);
    await about.fill("A second version that will be undone");
    await save(page);

    await page.getByRole("button", { name: "History of About text" }).click();
    const history = page.getByRole("dialog", { name: "History of About text" });
    const entry = history.getByRole("listitem").filter({ hasText: first });
    await entry.getByRole("button", { name: /^Preview/ }).click();
    const preview = page.getByRole("dialog", { name: /^Preview of the version saved/ });
    await expect(preview.frameLocator("iframe").locator("#about")).toContainText(first);
    await preview.getByRole("button", { name: "Close" }).click();

    await entry.getByRole("button", { name: /^Restore/ }).click();
    // Restore asks first, saying that it goes live at once.
    const question = entry.getByRole("group", { name: "Restore this version?" });
    await expect(question).toContainText("It goes live on the public page at once");
    expect(await violations(page, "dialog")).toEqual([]);
    await question.getByRole("button", { name: "Restore and publish" }).click();
    await expect(page.getByText(/^Restored the version saved/)).toBeVisible();
    await expect(about).toHaveValue(first);
    await page.goto("/");
    await expect(page.locator("#about")).toContainText(first);
  } finally {
    restore();
  }
});

test("the editor and its sandboxed preview run under their CSP with nothing refused", async ({
  page,
}) => {
  const refused = await watchCspViolations(page);
  await signIn(page, "/admin#About");
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: /^Preview of / });
  const frame = dialog.locator("iframe");
  await expect(frame).toHaveAttribute("sandbox", "allow-same-origin");
  const preview = dialog.frameLocator("iframe");
  await expect(preview.locator("#about")).toBeVisible();
  // The page's inline styles apply inside the preview, and its sections show without script.
  await expect(preview.locator("body")).toHaveCSS("margin", "0px");
  const about = preview.locator(".reveal", { has: preview.locator("#about") });
  await expect(about).toHaveAttribute("data-revealed", "false");
  await expect(about).toHaveCSS("opacity", "1");
  await dialog.getByRole("button", { name: "Close" }).click();
  expect(await refused()).toEqual([]);
});

test("one field is edited, moved and saved with the keyboard only", async ({ page }) => {
  const restore = snapshotItems("Clients", ["transition", "founders"]);
  const line = `Founders who want a sounding board (${Date.now()})`;
  try {
    await signIn(page);
    const focusOn = async (name: string | RegExp) => {
      for (let presses = 0; presses < 80; presses++) {
        await page.keyboard.press("Tab");
        const focused = page.locator(":focus");
        const label =
          (await focused.getAttribute("aria-label")) ??
          (await focused.evaluate(
            (el) =>
              (el as HTMLElement).innerText ||
              (el as HTMLInputElement).labels?.[0]?.innerText ||
              "",
          ));
        if (typeof name === "string" ? label.trim() === name : name.test(label)) return;
      }
      throw new Error(`could not reach ${name} with Tab`);
    };
    await focusOn("Ideal clients");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 2, name: "Ideal clients" })).toBeVisible();
    await focusOn("Line 5");
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type(line);
    await focusOn("Move line 5 up");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("textbox", { name: "Line 4" })).toHaveValue(line);
    await expect(page.getByRole("button", { name: "Move line 4 up" })).toBeFocused();
    await focusOn("Save changes");
    await page.keyboard.press("Enter");
    await expect(page.getByText(/^Saved at /)).toBeVisible();

    await page.goto("/");
    const items = page.locator("#clients li");
    await expect(items.nth(3)).toHaveText(line);
  } finally {
    restore();
  }
});

test("the editor fits a tablet screen", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 820, height: 1180 });
  await signIn(page, "/admin#Services");
  await expect(
    page.getByRole("region", { name: "Services" }).getByText("No unsaved changes."),
  ).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expect(page.getByRole("button", { name: "Save changes" })).toBeInViewport();
  await page.screenshot({ path: testInfo.outputPath("editor-tablet.png") });

  // An unsaved edit marks its collection in the navigation, far to the right at this width.
  await openCollection(page, "Client resources");
  const resources = page.getByRole("region", { name: "Client resources" });
  await resources.getByRole("textbox", { name: "Title" }).first().fill("Unsaved title");
  await expect(
    page.getByRole("link", { name: "Client resources (unsaved changes)" }),
  ).toBeAttached();
  await expectNoSidewaysScroll(page);
});

async function expectNoSidewaysScroll(page: Page) {
  const { overflow, beyond } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll<HTMLElement>("body *")].filter(
      (element) => element.getBoundingClientRect().right > width + 0.5,
    );
    return {
      overflow: document.documentElement.scrollWidth - width,
      beyond: wide.slice(-3).map((element) => element.outerHTML.slice(0, 160)),
    };
  });
  expect(overflow, `wider than the screen: ${beyond.join("\n")}`).toBe(0);
}

test("sign-out ends the session", async ({ page }) => {
  // An editor with unsaved changes asks before signing out; a fresh one must not.
  const questions: string[] = [];
  page.on("dialog", (dialog) => {
    questions.push(dialog.message());
    void dialog.dismiss();
  });
  await signIn(page);
  await expect(
    page.getByRole("region", { name: "Home" }).getByText("No unsaved changes."),
  ).toBeVisible();
  await page.getByRole("button", { name: "Sign out" }).click();
  expect(questions).toEqual([]);
  await expect(page.getByText("You have signed out.")).toBeVisible();
  const response = await page.request.get("/admin/api/collections/About/items");
  expect(response.status()).toBe(401);
  await page.reload();
  await expect(page.getByLabel("Password", { exact: true })).toBeVisible();
});

// Client resources are not on the public page, so no other spec reads what these change.
const [sample] = readSampleItems("ClientResources");
const sampleId = String(sample?._id);
const sampleTitle = String(sample?.title);

function storedTitle(id: string): string | null {
  const data = storedItemData("ClientResources", id);
  return data ? String(data.title) : null;
}

test("the owner brings back a resource removed in another tab and keeps the edit made meanwhile", async ({
  page,
}) => {
  const restore = snapshotItems("ClientResources", [sampleId]);
  const mine = `${sampleTitle} (edited ${Date.now()})`;
  try {
    await signIn(page);
    await openCollection(page, "Client resources");
    const editor = page.getByRole("region", { name: "Client resources" });
    await editor.getByRole("textbox", { name: "Title" }).first().fill(mine);

    // Another tab of the same signed-in editor removes the resource and saves.
    const other = await page.context().newPage();
    await other.goto("/admin#ClientResources");
    const otherEditor = other.getByRole("region", { name: "Client resources" });
    await otherEditor.getByRole("button", { name: "Remove resource 1" }).click();
    await otherEditor.getByRole("button", { name: "Save changes" }).click();
    await expect(other.getByText(/^Saved at /)).toBeVisible();
    expect(storedTitle(sampleId)).toBeNull();

    // The first tab's save is refused: the item it edited is gone.
    await editor.getByRole("button", { name: "Save changes" }).click();
    const dialog = page.getByRole("dialog", { name: "This changed somewhere else" });
    await expect(dialog.getByRole("region", { name: "Stored version" })).toContainText("Removed");
    await dialog.getByRole("button", { name: "Close" }).click();

    await editor.getByText("Deleted items").click();
    // Bringing back asks first, saying it goes live to the clients at once.
    page.once("dialog", (question) => {
      expect(question.message()).toMatch(/It goes live to your clients at once\.$/);
      void question.accept();
    });
    await editor.getByRole("button", { name: new RegExp(`^Bring back ${sampleTitle}`) }).click();
    await expect(page.getByText("Brought back. It is live now.")).toBeVisible();
    expect(storedTitle(sampleId)).toBe(sampleTitle);

    await editor.getByRole("button", { name: "Compare versions" }).click();
    await expect(dialog.getByRole("region", { name: "Stored version" })).toContainText(sampleTitle);
    await dialog.getByRole("button", { name: "Save my version" }).click();
    await expect(page.getByText(/^Saved at /)).toBeVisible();
    expect(storedTitle(sampleId)).toBe(mine);

    await other.reload();
    await openCollection(other, "Client resources");
    await expect(
      other
        .getByRole("region", { name: "Client resources" })
        .getByRole("textbox", { name: "Title" })
        .first(),
    ).toHaveValue(mine);
  } finally {
    restore();
  }
});

test("client resources are neither on the public page nor readable by visitors", async ({
  page,
  request,
}) => {
  await page.goto("/");
  await expect(page.locator("body")).not.toContainText(sampleTitle);
  expect(await page.content()).not.toContain(sampleId);

  const token = await request.post("/oauth2/token", {
    data: { clientId: "local", grantType: "anonymous" },
  });
  const { access_token: accessToken } = (await token.json()) as { access_token: string };
  const query = await request.post("/wix-data/v2/items/query", {
    headers: { authorization: accessToken },
    data: { dataCollectionId: "ClientResources" },
  });
  expect(query.status()).toBe(403);
});
