import type { Page } from "@playwright/test";

/**
 * Waits two of the page's frames: what the page's observers noticed in this frame (a section
 * come into view) has been handled, and what they started (a transition) is running.
 */
export async function twoFrames(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
}
