/**
 * The screenshots in `docs/images` (docs/members.md shows them), written only when asked:
 * `UPDATE_DOC_IMAGES=1` with the desktop project. Otherwise a run leaves the checkout clean.
 */
import { join } from "node:path";
import type { Page, TestInfo } from "@playwright/test";

const DOC_IMAGES = join(import.meta.dirname, "..", "..", "docs", "images");

/** True when this run rewrites the documentation's screenshots. */
export function updatingDocImages(testInfo: TestInfo): boolean {
  return process.env.UPDATE_DOC_IMAGES === "1" && testInfo.project.name === "desktop";
}

/** Saves the page as `docs/images/<name>` when this run rewrites the screenshots. */
export async function docImage(
  page: Page,
  testInfo: TestInfo,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  if (!updatingDocImages(testInfo)) return;
  await page.screenshot({ path: join(DOC_IMAGES, name), ...options });
}
