import { PAGE_COLLECTIONS } from "@consultant/site-content";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { ensureOwnerPassword, signIn, snapshotItems } from "./helpers/owner-session.ts";
import { revealAll } from "./helpers/reveal-all.ts";

// The page's words are all content. Other specs edit content meanwhile and put it
// back; the store is read before and after the page, so a text in either reading counts.
test.skip(({ viewport }) => (viewport?.width ?? 0) < 768, "the words are checked at desktop width");

type Item = Record<string, unknown>;

async function readPageContent(request: APIRequestContext): Promise<Record<string, Item[]>> {
  const token = await request.post("/oauth2/token", {
    data: { clientId: "local", grantType: "anonymous" },
  });
  const { access_token: authorization } = (await token.json()) as { access_token: string };
  const content: Record<string, Item[]> = {};
  for (const name of PAGE_COLLECTIONS) {
    const response = await request.post("/wix-data/v2/items/query", {
      headers: { authorization },
      data: { dataCollectionId: name, query: { paging: { limit: 1000 } } },
    });
    expect(response.status(), name).toBe(200);
    content[name] = ((await response.json()) as { dataItems: { data: Item }[] }).dataItems.map(
      (item) => item.data,
    );
  }
  return content;
}

function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (typeof value === "object" && value !== null) return Object.values(value).flatMap(stringsOf);
  return [];
}

/** Every text of the store's page content, with `{name}`, `{company}` and `{year}` filled in. */
function storeTexts(content: Record<string, Item[]>): string[] {
  const settings = content.SiteSettings?.[0] ?? {};
  const values: Record<string, string> = {
    name: String(settings.name),
    company: String(settings.company),
    year: String(new Date().getFullYear()),
  };
  return stringsOf(content).map((text) =>
    text.replace(/\{(name|company|year)\}/g, (_, key: string) => values[key] ?? ""),
  );
}

/** The text of every visible text node (screen-reader-only ones left out). */
function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.nodeValue?.replace(/\s+/g, " ").trim() ?? "";
      const parent = node.parentElement;
      if (text === "" || !parent || parent.closest("script, style, template")) continue;
      const box = parent.getBoundingClientRect();
      if (!parent.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      if (box.width <= 1 || box.height <= 1) continue;
      // Text placed far left of the page (the contact form's trap for bots) is drawn for no one.
      if (box.right <= 0) continue;
      // Screen-reader-only text (the skip link until focused) is clipped away, not drawn.
      let clipped = false;
      for (let element: Element | null = parent; element; element = element.parentElement)
        if (getComputedStyle(element).clipPath.startsWith("inset(50%")) clipped = true;
      if (clipped) continue;
      texts.push(text);
    }
    return texts;
  });
}

function alts(page: Page): Promise<string[]> {
  return page
    .locator("img[alt]:visible")
    .evaluateAll((images) => images.map((image) => image.getAttribute("alt") ?? ""));
}

test("every text a visitor reads is in the store's content", async ({ page, request }) => {
  const before = storeTexts(await readPageContent(request));
  await page.goto("/");
  await revealAll(page);
  const seen = [...(await visibleTexts(page)), ...(await alts(page))];
  const toggles = page.locator("#services button[aria-expanded]");
  for (const toggle of await toggles.all()) await toggle.click();
  await expect(page.locator("#services").getByRole("button", { expanded: false })).toHaveCount(0);
  seen.push(...(await visibleTexts(page)));
  const title = await page.title();
  const description = await page.locator('meta[name="description"]').getAttribute("content");
  const after = storeTexts(await readPageContent(request));
  const stored = [...before, ...after];

  // A whole stored text, or a piece of one around an element (the footer's year is its own).
  const inStore = (text: string) =>
    stored.includes(text) || stored.some((whole) => whole.includes(text));
  // The service cards' numbers (01, 02, ...) are counted, not written. The header's "Client
  // sign-in" link (shown by itself once the owner has a client) keeps a fixed label for now.
  const written = seen.filter(
    (text) => text !== "" && !/^\d+$/.test(text) && text !== "sign-in" && text !== "Client",
  );
  expect(written.length).toBeGreaterThan(40);
  expect(written.filter((text) => !inStore(text))).toEqual([]);
  expect(written).toEqual(
    expect.arrayContaining(["Pause logos", "Hide Details", "More Information"]),
  );
  expect(stored).toContain(title);
  expect(stored).toContain(description);
});

async function openCollection(page: Page, label: string) {
  await page
    .getByRole("navigation", { name: "Content" })
    .getByRole("link", { name: label })
    .click();
  await expect(page.getByRole("heading", { level: 2, name: label })).toBeVisible();
}

async function saveText(page: Page, label: string, value: string) {
  await page.getByRole("textbox", { name: label, exact: true }).fill(value);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText(/^Saved at /)).toBeVisible();
}

test.describe("the owner changes the page's words in the editor", () => {
  // These edit texts no other spec asserts on, in order, and put them back.
  test.describe.configure({ mode: "serial" });
  test.beforeAll(() => ensureOwnerPassword());

  const EDITS = [
    {
      kind: "the line above the headline (Home)",
      collection: "HomePage",
      id: "home-label",
      editor: "Home",
      field: "Line above the headline",
      where: "#home",
    },
    {
      kind: "a column of Why work with me",
      collection: "WhyWorkWithMe",
      id: "reason-1-title",
      editor: "Why work with me",
      field: "First column: title",
      where: "#why",
    },
    {
      kind: "a section headline (Headings and buttons)",
      collection: "PageWords",
      id: "contact-headline",
      editor: "Headings and buttons",
      field: "Contact headline",
      where: "#contact",
    },
    {
      kind: "a button (Headings and buttons)",
      collection: "PageWords",
      id: "pause-logos",
      editor: "Headings and buttons",
      field: "Pause button",
      where: "#previous-clients",
    },
  ] as const;

  for (const edit of EDITS) {
    test(`${edit.kind} shows on the page after a save`, async ({ page }) => {
      const restore = snapshotItems(edit.collection, [edit.id]);
      const marker = `Words ${edit.id} ${Date.now()}`;
      try {
        await signIn(page);
        await openCollection(page, edit.editor);
        await saveText(page, edit.field, marker);
        const site = await page.context().newPage();
        await expect(async () => {
          await site.goto("/");
          await expect(site.locator(edit.where)).toContainText(marker, { timeout: 250 });
        }).toPass({ timeout: 5_000 });
      } finally {
        restore();
      }
    });
  }

  test("the footer line fills in the year, the name and the company", async ({ page }) => {
    const restore = snapshotItems("PageWords", ["footer"]);
    try {
      await signIn(page);
      await openCollection(page, "Headings and buttons");
      await saveText(page, "Footer line", "Made in {year} by {name} of {company}");
      const site = await page.context().newPage();
      await expect(async () => {
        await site.goto("/");
        await expect(site.getByRole("contentinfo")).toContainText(
          new RegExp(`Made in ${new Date().getFullYear()} by .+ of .+`),
          { timeout: 250 },
        );
      }).toPass({ timeout: 5_000 });
      await expect(site.getByRole("contentinfo")).not.toContainText("{");
    } finally {
      restore();
    }
  });
});
