import { expect, type Locator, test } from "@playwright/test";

async function stripOffset(strip: Locator): Promise<number> {
  return strip.evaluate((el) => new DOMMatrixReadOnly(getComputedStyle(el).transform).m41);
}

test.describe("client logo strip", () => {
  test("shows six logos three times", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("[data-logo-strip] img")).toHaveCount(18);
  });

  test("moves leftward, holds still while hovered and moves again after leave", async ({
    page,
  }) => {
    await page.goto("/");
    const strip = page.locator("[data-logo-strip]");
    await strip.scrollIntoViewIfNeeded();
    const start = await stripOffset(strip);
    await expect.poll(() => stripOffset(strip), { timeout: 5000 }).toBeLessThan(start - 2);

    // The section slides in when scrolled to; hovering mid-slide would leave the frame again.
    const section = page.locator("[data-reveal]").filter({ has: strip });
    await expect
      .poll(() =>
        section.evaluate((el) => {
          const style = getComputedStyle(el);
          const matrix = new DOMMatrixReadOnly(style.transform);
          return style.opacity === "1" && matrix.m41 === 0 && matrix.m42 === 0;
        }),
      )
      .toBe(true);
    // The strip itself keeps moving (Playwright waits for a still target), so hover its frame.
    await strip.locator("..").hover();
    // A frame already scheduled may still land after the pointer arrives: wait until it settles.
    await expect
      .poll(async () => {
        const before = await stripOffset(strip);
        await page.waitForTimeout(250);
        return (await stripOffset(strip)) === before;
      })
      .toBe(true);
    const held = await stripOffset(strip);
    await page.waitForTimeout(700);
    expect(await stripOffset(strip)).toBe(held);

    await page.mouse.move(5, 5);
    await expect.poll(() => stripOffset(strip), { timeout: 5000 }).toBeLessThan(held - 2);
  });

  test("holds still when the visitor prefers reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    const strip = page.locator("[data-logo-strip]");
    await strip.scrollIntoViewIfNeeded();
    const start = await stripOffset(strip);
    await page.waitForTimeout(800);
    expect(await stripOffset(strip)).toBe(start);
  });
});

test.describe("reveal on scroll", () => {
  const opacity = (section: Locator) =>
    section.evaluate((el) => Number(getComputedStyle(el).opacity));

  test("a section below the fold is transparent until scrolled into view, then stays opaque", async ({
    page,
  }) => {
    await page.goto("/");
    const why = page.locator("[data-reveal]").filter({ has: page.locator("#why") });
    await page.waitForTimeout(300);
    expect(await opacity(why)).toBe(0);
    await page.locator("#why").scrollIntoViewIfNeeded();
    await expect.poll(() => opacity(why), { timeout: 5000 }).toBe(1);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(400);
    expect(await opacity(why)).toBe(1);
  });

  test("with reduced motion every section is visible at once", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    const wrappers = page.locator("[data-reveal]");
    await expect(wrappers).toHaveCount(7);
    const opacities = await wrappers.evaluateAll((els) =>
      els.map((el) => getComputedStyle(el).opacity),
    );
    expect(opacities).toEqual(Array(7).fill("1"));
  });
});
