import { expect, test } from "@playwright/test";
import { watchCspViolations } from "./helpers/csp-violations.ts";

test("the page renders in full under its CSP with nothing refused", async ({ page }) => {
  const refused = await watchCspViolations(page);
  const response = await page.goto("/");
  const policy = (await response?.headerValue("content-security-policy")) ?? "";
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).not.toContain("unsafe-inline");

  // The inline stylesheet applied (Tailwind's preflight zeroes the body's margin)...
  expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe("0px");
  // ...and the script ran: the content hydrated and the sections reveal as they scroll in.
  await page.locator("#contact").scrollIntoViewIfNeeded();
  const contact = page.locator(".reveal", { has: page.locator("#contact") });
  await expect(contact).toHaveAttribute("data-revealed", "true");
  await page.locator("[data-logo-strip]").scrollIntoViewIfNeeded();
  await expect(page.locator("[data-logo-strip]")).toHaveAttribute("style", /transform/);
  expect(await refused()).toEqual([]);
});

test("the API answers another origin's browser, the page does not", async ({ request }) => {
  const origin = "https://elsewhere.example";
  const token = await request.post("/oauth2/token", {
    headers: { origin },
    data: { clientId: "local", grantType: "anonymous" },
  });
  expect(token.headers()["access-control-allow-origin"]).toBe("*");
  const page = await request.get("/", { headers: { origin } });
  expect(page.headers()["access-control-allow-origin"]).toBeUndefined();
  expect(page.headers()["x-content-type-options"]).toBe("nosniff");
});
