/** The member pages of the site build on /account and /client-area, under their own CSP. */
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, expect, test } from "vitest";
import { writeStandInSite } from "../main/test-kit/stand-in-site.ts";
import { createTestApp, type TestApp } from "../main/test-kit/test-app.ts";

let dir: string;
let t: TestApp;

beforeEach(() => {
  dir = writeStandInSite();
  writeFileSync(join(dir, "client", "account.html"), "<!doctype html><p>account</p>");
  writeFileSync(join(dir, "client", "client-area.html"), "<!doctype html><p>client area</p>");
  t = createTestApp({ site: { dir } });
});
afterEach(async () => {
  await t.app.close();
  rmSync(dir, { recursive: true, force: true });
});

test.each([
  ["/account", "account"],
  ["/client-area", "client area"],
])(
  "%s serves its page, which may frame the store's sign-in page and nothing else",
  async (url, text) => {
    const response = await t.app.inject({ method: "GET", url });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(text);
    const policy = String(response.headers["content-security-policy"]);
    expect(policy).toContain("frame-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain("unsafe-inline");
  },
);

test("the pages' HTML files are not served raw as static files", async () => {
  const response = await t.app.inject({ method: "GET", url: "/account.html" });
  expect(response.statusCode).toBe(404);
});
