import type { Page } from "@playwright/test";

/**
 * Collects what the browser refused under the page's Content-Security-Policy: the
 * `securitypolicyviolation` events of the top document and Chromium's console errors about the
 * policy for every frame (a sandboxed preview runs no script, so only its console reports
 * appear; its "Blocked script execution" is the sandbox doing its job, not the policy).
 */
export async function watchCspViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || "inline"}`);
    });
  });
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    const text = message.text();
    if (message.type() === "error" && /Content.Security.Policy/i.test(text))
      consoleErrors.push(text);
  });
  return async () => {
    const events = await page
      .evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [])
      .catch(() => []);
    return [...events, ...consoleErrors];
  };
}
