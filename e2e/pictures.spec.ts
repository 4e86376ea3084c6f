import { readdirSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { violations } from "./helpers/axe.ts";
import { ensureOwnerPassword, signIn, snapshotItems } from "./helpers/owner-session.ts";
import { storeDataDir, storedItemData } from "./helpers/store-db.ts";

// One worker runs these in order, at desktop width only (the pictures are shared by the whole
// store); each test puts the pictures it replaced back. Other specs count the client logos, so
// these tests replace the portrait and the logo only.
test.describe.configure({ mode: "serial" });
test.skip(
  ({ viewport }) => (viewport?.width ?? 0) < 768,
  "the pictures are edited once, at desktop width",
);
test.beforeAll(() => ensureOwnerPassword());

let restore: () => void = () => {};
test.beforeEach(() => {
  restore = snapshotItems("Pictures", ["portrait", "logo"]);
});
test.afterEach(() => restore());

const HOSTILE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" onload="window.__pwned = 'onload'">
  <script>window.__pwned = 'script'</script>
  <image href="https://tracker.example/pixel.png" width="1" height="1"/>
  <foreignObject width="64" height="64"><div xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="window.__pwned = 'html'"/></div></foreignObject>
  <circle cx="32" cy="32" r="30" fill="#0f5f5c"/>
</svg>`;

function storedPicture(id: string): Record<string, unknown> | null {
  return storedItemData("Pictures", id) ?? null;
}

const mediaFiles = () => readdirSync(join(storeDataDir(), "media")).sort();

async function openPictures(page: Page) {
  await signIn(page, "/admin#Pictures");
  await expect(page.getByRole("heading", { level: 2, name: "Pictures" })).toBeVisible();
}

async function saveChanges(page: Page) {
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText(/^Saved at /)).toBeVisible();
}

async function upload(
  page: Page,
  region: string,
  alt: string,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const part = page.getByRole("region", { name: region, exact: true });
  await part
    .getByRole("textbox", { name: /^Text for visitors who cannot see the new picture/ })
    .fill(alt);
  await part.getByLabel("Picture file").setInputFiles(file);
  await part.getByRole("button", { name: "Upload" }).click();
  return part;
}

test("the owner uploads a new portrait and the page shows it on its next load, sized", async ({
  page,
}) => {
  const photo = await sharp({
    create: { width: 1500, height: 2000, channels: 3, background: { r: 180, g: 120, b: 90 } },
  })
    .jpeg()
    .toBuffer();
  await openPictures(page);
  const part = await upload(page, "Portrait", "Alex Sample at a whiteboard", {
    name: "me.jpg",
    mimeType: "image/jpeg",
    buffer: photo,
  });
  // Converting the picture takes a while on a busy machine.
  await expect(part.getByRole("status").filter({ hasText: /^Uploaded, not on/ })).toBeVisible({
    timeout: 15_000,
  });
  // An uploaded picture is an unsaved change: the live page shows it once it is saved.
  const site = await page.context().newPage();
  await site.goto("/");
  const portrait = site.locator("#home picture img");
  await expect(site.getByAltText("Alex Sample at a whiteboard")).toHaveCount(0);
  await saveChanges(page);
  await site.goto("/");
  await expect(portrait).toHaveAttribute("alt", "Alex Sample at a whiteboard");
  await expect(portrait).toHaveAttribute("width", "480");
  await expect(portrait).toHaveAttribute("height", "640");
  await expect(portrait).toHaveAttribute(
    "srcset",
    /^\/media\/\w+\.jpg 480w, \/media\/\w+\.jpg 960w$/,
  );
  await expect(site.locator('#home picture source[type="image/avif"]')).toHaveCount(1);
  // Chromium picks the AVIF file and decodes it.
  await expect
    .poll(() => portrait.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  expect(await portrait.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.avif$/);
  const file = await site.request.get(String(await portrait.getAttribute("src")));
  expect(file.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(file.headers()["content-type"]).toBe("image/jpeg");
});

test("a hostile SVG named like a PNG is served cleaned, and its script never runs", async ({
  page,
}) => {
  await openPictures(page);
  const part = await upload(page, "Logo", "Sample Consulting LLC logo", {
    name: "logo.png",
    mimeType: "image/png",
    buffer: Buffer.from(HOSTILE_SVG),
  });
  // Converting the picture takes a while on a busy machine.
  await expect(part.getByRole("status").filter({ hasText: /^Uploaded, not on/ })).toBeVisible({
    timeout: 15_000,
  });
  await saveChanges(page);
  const src = String(storedPicture("logo")?.src);
  expect(src).toMatch(/^\/media\/\w+\.svg$/);

  const site = await page.context().newPage();
  const dialogs: string[] = [];
  site.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await site.goto("/");
  await expect(site.locator("header img").first()).toHaveAttribute("src", /^data:image\/svg\+xml,/);
  // Opened on its own, the file is a document: still nothing runs.
  const response = await site.goto(src);
  expect(response?.headers()["content-type"]).toBe("image/svg+xml");
  const served = (await response?.text()) ?? "";
  for (const hostile of ["script", "onload", "onerror", "tracker.example", "foreignObject"]) {
    expect(served).not.toContain(hostile);
  }
  expect(served).toContain("<circle");
  expect(await site.evaluate(() => (window as { __pwned?: string }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
});

test("a file that is not a picture gets a clear error and changes nothing", async ({ page }) => {
  const before = { portrait: storedPicture("portrait"), files: mediaFiles() };
  await openPictures(page);
  const part = await upload(page, "Portrait", "Not a picture", {
    name: "portrait.png",
    mimeType: "image/png",
    buffer: Buffer.from("just some text pretending to be a PNG\n"),
  });
  await expect(part.getByRole("alert")).toHaveText(
    "Not uploaded: This file is not a picture that can be read. Upload a PNG, JPEG, WebP or SVG file.",
  );
  expect(storedPicture("portrait")).toEqual(before.portrait);
  expect(mediaFiles()).toEqual(before.files);
});

test("the editor's pictures have no axe violations", async ({ page }) => {
  await openPictures(page);
  await page.locator("summary", { hasText: "Replace client logo 1" }).click();
  expect(await violations(page, "main")).toEqual([]);
});
