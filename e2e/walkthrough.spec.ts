/**
 * What the walkthrough found on the page: the headline's first letters cut at first
 * paint on a phone, client logos all but invisible in the dark theme, contact cards too wide at
 * 375 px and the address cut at 1440 px.
 */
import { expect, type Page, test } from "@playwright/test";
import { revealAll } from "./helpers/reveal-all.ts";

const LONG_EMAIL = "a.long.name@consultancy-name.com"; // 32 characters

test("the headline is whole at first paint, where its slide starts", async ({ page }) => {
  await page.goto("/");
  // Where the headline's left edge is at the slide's first frame: its resting place plus the
  // slide's starting offset (read from the page's CSS, whatever the animation's progress now).
  const firstFrameLeft = await page.getByRole("heading", { level: 1 }).evaluate((heading) => {
    const wrapper = heading.closest("[data-reveal]") as HTMLElement;
    const style = getComputedStyle(wrapper);
    const now = new DOMMatrixReadOnly(style.transform === "none" ? undefined : style.transform);
    const probe = document.createElement("div");
    probe.style.transform = style.getPropertyValue("--reveal-from");
    document.body.append(probe);
    const from = new DOMMatrixReadOnly(getComputedStyle(probe).transform);
    probe.remove();
    return heading.getBoundingClientRect().left - now.m41 + from.m41;
  });
  // Within a sub-pixel: the matrix arithmetic can land a few millionths of a pixel below 0.
  expect(firstFrameLeft).toBeGreaterThanOrEqual(-0.5);
});

/** Relative luminance of a CSS rgb() colour (WCAG). */
function luminance(color: string): number {
  const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((part) => {
    const c = Number(part) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

async function logoLook(page: Page) {
  return page
    .locator("[data-logo-strip] img")
    .first()
    .evaluate((img) => {
      const style = getComputedStyle(img);
      return { background: style.backgroundColor, opacity: Number(style.opacity) };
    });
}

test("in the dark theme every client logo sits on a light ground, fully opaque", async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/");
  const look = await logoLook(page);
  expect(luminance(look.background)).toBeGreaterThan(0.7);
  expect(look.opacity).toBe(1);
  // In the light theme, loaded as such, the logos have no ground of their own.
  await page.emulateMedia({ colorScheme: "light" });
  await page.reload();
  await expect.poll(async () => (await logoLook(page)).background).toMatch(/rgba\(.*, 0\)$/);
});

for (const width of [375, 1440]) {
  test(`at ${width} px a 30-character e-mail fits its contact card, whole and on screen`, async ({
    page,
  }, testInfo) => {
    // It sets its own width, so the phone project would run the very same test again.
    test.skip(testInfo.project.name !== "desktop", "sets its own width: run once, on desktop");
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/");
    await revealAll(page);
    const link = page.locator('#contact a[href^="mailto:"]');
    await link.evaluate((anchor, email) => {
      anchor.setAttribute("href", `mailto:${email}`);
      const text = anchor.querySelector("span.font-semibold");
      if (text) text.textContent = email;
    }, LONG_EMAIL);
    const fit = await link.evaluate((anchor) => {
      const text = anchor.querySelector("span.font-semibold") as HTMLElement;
      const card = anchor.getBoundingClientRect();
      return {
        cardRight: card.right,
        cardLeft: card.left,
        cut: text.scrollWidth > text.clientWidth,
        lines: Math.round(
          text.getBoundingClientRect().height /
            Number.parseFloat(getComputedStyle(text).lineHeight),
        ),
      };
    });
    expect(fit.cardLeft).toBeGreaterThanOrEqual(0);
    expect(fit.cardRight).toBeLessThanOrEqual(width);
    expect(fit.cut).toBe(false);
    if (width === 1440) expect(fit.lines).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
  });
}
