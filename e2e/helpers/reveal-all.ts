import { expect, type Page } from "@playwright/test";

/** Scrolls through the whole page so every section slides in, then waits until all are in place. */
export async function revealAll(page: Page): Promise<void> {
  const sections = page.locator("[data-reveal]");
  for (const section of await sections.all()) await section.scrollIntoViewIfNeeded();
  await expect
    .poll(
      () =>
        sections.evaluateAll((elements) =>
          elements.every((element) => {
            const style = getComputedStyle(element);
            return style.opacity === "1" && new DOMMatrixReadOnly(style.transform).isIdentity;
          }),
        ),
      // Every 50 ms: the default backs off to a second, most of it waiting after the last slide.
      { intervals: [50] },
    )
    .toBe(true);
  await page.evaluate(() => window.scrollTo(0, 0));
}
