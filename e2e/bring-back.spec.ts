import { expect, type Page, test } from "@playwright/test";
import { setOwnerPassword, signIn, snapshotItems } from "./helpers/owner-session.ts";
import { readSampleItems, withStoreDb } from "./helpers/store-db.ts";

// Client resources are not on the public page, so no other spec reads what these tests change;
// every test still puts the items back afterwards.
test.describe.configure({ mode: "serial" });
test.skip(
  ({ viewport }) => (viewport?.width ?? 0) < 768,
  "the editor is checked at desktop and tablet widths",
);

test.beforeAll(() => setOwnerPassword());

const [sample] = readSampleItems("ClientResources");
const sampleId = String(sample?._id);
const sampleTitle = String(sample?.title);

function storedTitle(id: string): string | null {
  return withStoreDb((db) => {
    const row = db
      .prepare<[string], { data: string }>(
        "SELECT data FROM items WHERE collection_id = 'ClientResources' AND id = ?",
      )
      .get(id);
    return row ? String((JSON.parse(row.data) as { title?: unknown }).title) : null;
  });
}

async function openResources(page: Page) {
  await page
    .getByRole("navigation", { name: "Content" })
    .getByRole("link", { name: "Client resources" })
    .click();
  await expect(page.getByRole("heading", { level: 2, name: "Client resources" })).toBeVisible();
}

test("the owner brings back a resource removed in another tab and keeps the edit made meanwhile", async ({
  page,
}) => {
  const restore = snapshotItems("ClientResources", [sampleId]);
  const mine = `${sampleTitle} (edited ${Date.now()})`;
  try {
    await signIn(page);
    await openResources(page);
    await page.getByRole("textbox", { name: "Title" }).first().fill(mine);

    // Another tab of the same signed-in editor removes the resource and saves.
    const other = await page.context().newPage();
    await other.goto("/admin#ClientResources");
    await other.getByRole("button", { name: "Remove resource 1" }).click();
    await other.getByRole("button", { name: "Save changes" }).click();
    await expect(other.getByText(/^Saved at /)).toBeVisible();
    expect(storedTitle(sampleId)).toBeNull();

    // The first tab's save is refused: the item it edited is gone.
    await page.getByRole("button", { name: "Save changes" }).click();
    const dialog = page.getByRole("dialog", { name: "This changed somewhere else" });
    await expect(dialog.getByRole("region", { name: "Stored version" })).toContainText("Removed");
    await dialog.getByRole("button", { name: "Close" }).click();

    await page.getByText("Deleted items").click();
    await page.getByRole("button", { name: new RegExp(`^Bring back ${sampleTitle}`) }).click();
    await expect(page.getByText("Brought back. It is live now.")).toBeVisible();
    expect(storedTitle(sampleId)).toBe(sampleTitle);

    await page.getByRole("button", { name: "Compare versions" }).click();
    await expect(dialog.getByRole("region", { name: "Stored version" })).toContainText(sampleTitle);
    await dialog.getByRole("button", { name: "Save my version" }).click();
    await expect(page.getByText(/^Saved at /)).toBeVisible();
    expect(storedTitle(sampleId)).toBe(mine);

    await other.reload();
    await openResources(other);
    await expect(other.getByRole("textbox", { name: "Title" }).first()).toHaveValue(mine);
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
