import { expect, type Locator, type Page, test } from "@playwright/test";

// docs/architecture.md: sections slide 50 px and fade in over 0.8 s after 0.4 s, once 10 % is
// visible. The numbers are read from Chromium's computed styles and the observer, not the CSS.

const wrapper = (page: Page, sectionId: string) =>
  page.locator("[data-reveal]").filter({ has: page.locator(`#${sectionId}`) });

async function offset(element: Locator): Promise<{ x: number; y: number; opacity: string }> {
  return element.evaluate((el) => {
    const style = getComputedStyle(el);
    const matrix = new DOMMatrixReadOnly(style.transform);
    return { x: matrix.m41, y: matrix.m42, opacity: style.opacity };
  });
}

/** Scrolls (instantly) so that `fraction` of the element's height is inside the viewport. */
async function showFraction(element: Locator, fraction: number): Promise<void> {
  await element.evaluate((el, share) => {
    const rect = el.getBoundingClientRect();
    const top = rect.top + window.scrollY;
    const y = top + share * rect.height - window.innerHeight;
    window.scrollTo({ top: Math.max(0, y), behavior: "instant" });
  }, fraction);
}

test.beforeEach(async ({ page }) => {
  await page.goto("/");
});

test("a section below the fold waits 50 px off its place and transparent", async ({ page }) => {
  expect(await offset(wrapper(page, "why"))).toEqual({ x: 50, y: 0, opacity: "0" });
  expect(await offset(wrapper(page, "contact"))).toEqual({ x: 0, y: 50, opacity: "0" });
  expect(await offset(wrapper(page, "services"))).toMatchObject({ x: -50, y: 0 });
});

test("sections fade and slide over 0.8 s after a 0.4 s delay", async ({ page }) => {
  const timing = await wrapper(page, "why").evaluate((el) => {
    const style = getComputedStyle(el);
    return {
      property: style.transitionProperty,
      duration: style.transitionDuration,
      delay: style.transitionDelay,
    };
  });
  expect(timing).toEqual({
    property: "opacity, transform",
    duration: "0.8s, 0.8s",
    delay: "0.4s, 0.4s",
  });
});

test("the home section is opaque at first paint and slides 50 px in over 0.8 s after 0.4 s (on a phone, no further than its margin)", async ({
  page,
  viewport,
}) => {
  const home = await wrapper(page, "home").evaluate((el) => {
    const style = getComputedStyle(el);
    return {
      opacity: style.opacity,
      name: style.animationName,
      duration: style.animationDuration,
      delay: style.animationDelay,
      from: style.getPropertyValue("--reveal-from").trim(),
    };
  });
  expect(home).toMatchObject({
    opacity: "1",
    name: "reveal-slide",
    duration: "0.8s",
    delay: "0.4s",
    from: (viewport?.width ?? 1280) < 640 ? "translateX(-1.25rem)" : "translateX(-50px)",
  });
});

test("a section stays hidden while less than 10 % of it is visible", async ({ page }) => {
  const why = wrapper(page, "why");
  await showFraction(why, 0.05);
  await page.waitForTimeout(500);
  expect(await why.getAttribute("data-revealed")).toBe("false");
});

test("a section starts its reveal once more than 10 % of it is visible", async ({ page }) => {
  const why = wrapper(page, "why");
  await showFraction(why, 0.05);
  await page.waitForTimeout(300);
  await showFraction(why, 0.2);
  await expect(why).toHaveAttribute("data-revealed", "true");
  await expect.poll(async () => (await offset(why)).opacity).toBe("1");
});
