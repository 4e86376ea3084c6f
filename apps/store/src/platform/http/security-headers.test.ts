import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { writeStandInSite } from "../../main/test-kit/stand-in-site.ts";
import { createTestApp, type TestApp } from "../../main/test-kit/test-app.ts";

const PAGE_STYLE = "body{color:#123}";
const NOSCRIPT_STYLE = ".reveal{opacity:1}";
const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

let t: TestApp;
afterEach(() => t.app.close());

function siteWithInlineStyles(): string {
  const dir = writeStandInSite();
  writeFileSync(
    join(dir, "client", "index.html"),
    `<html><head><style>${PAGE_STYLE}</style><noscript><style>${NOSCRIPT_STYLE}</style></noscript></head><body><!--app-html--></body></html>`,
  );
  writeFileSync(join(dir, "client", "logo.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  return dir;
}

function directives(policy: string | undefined): Map<string, string[]> {
  return new Map(
    (policy ?? "").split(";").map((part) => {
      const [name = "", ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe("every response carries the security headers", () => {
  const requests = [
    { name: "the page", method: "GET", url: "/" },
    { name: "a static file", method: "GET", url: "/logo.svg" },
    { name: "the editor", method: "GET", url: "/admin" },
    { name: "an API answer", method: "POST", url: "/oauth2/token" },
    { name: "an unknown route", method: "GET", url: "/nothing-here" },
    { name: "a malformed URL", method: "GET", url: "/%E0%A4%A" },
  ] as const;

  for (const { name, method, url } of requests) {
    test(`${name} refuses framing, sniffing and referrers and has a CSP`, async () => {
      t = createTestApp({ site: { dir: siteWithInlineStyles() } });
      const response = await t.app.inject({
        method,
        url,
        payload: method === "POST" ? {} : undefined,
      });
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["x-frame-options"]).toBe("DENY");
      expect(response.headers["referrer-policy"]).toBe("no-referrer");
      const policy = directives(response.headers["content-security-policy"] as string);
      expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
      expect(policy.get("default-src")).toEqual(["'self'"]);
    });
  }

  test("a visitor's query answered before Fastify carries them too", async () => {
    t = createTestApp();
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const response = await fetch(`${address}/wix-data/v2/items/query`, {
      method: "POST",
      headers: { authorization: await t.token(), "content-type": "application/json" },
      body: JSON.stringify({ dataCollectionId: "About", query: {} }),
    });
    expect(t.app.visitorQueryFastPath.answered).toBe(1);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });
});

describe("the page's CSP", () => {
  test("allows its inline styles by hash and never 'unsafe-inline'", async () => {
    t = createTestApp({ site: { dir: siteWithInlineStyles() } });
    const response = await t.app.inject({ method: "GET", url: "/" });
    const policy = response.headers["content-security-policy"] as string;
    expect(directives(policy).get("style-src")).toEqual([
      "'self'",
      sha256(PAGE_STYLE),
      sha256(NOSCRIPT_STYLE),
    ]);
    expect(directives(policy).get("script-src")).toEqual(["'self'"]);
    expect(policy).not.toContain("unsafe-inline");
  });

  test("the editor's CSP allows the page's styles, for its preview, and no inline code", async () => {
    t = createTestApp({ site: { dir: siteWithInlineStyles() } });
    const response = await t.app.inject({ method: "GET", url: "/admin" });
    const policy = response.headers["content-security-policy"] as string;
    expect(directives(policy).get("style-src")).toContain(sha256(PAGE_STYLE));
    expect(directives(policy).get("frame-src")).toEqual(["'self'"]);
    expect(policy).not.toContain("unsafe-inline");
  });
});

describe("HSTS", () => {
  test("is sent when the request came over https through a trusted proxy", async () => {
    t = createTestApp({ trustProxy: true });
    const response = await t.app.inject({
      method: "GET",
      url: "/nothing-here",
      headers: { "x-forwarded-proto": "https" },
    });
    expect(response.headers["strict-transport-security"]).toMatch(/^max-age=\d+/);
  });

  test("is not sent over plain http, nor when an untrusted client claims https", async () => {
    t = createTestApp();
    const plain = await t.app.inject({ method: "GET", url: "/nothing-here" });
    const claimed = await t.app.inject({
      method: "GET",
      url: "/nothing-here",
      headers: { "x-forwarded-proto": "https" },
    });
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    expect(claimed.headers["strict-transport-security"]).toBeUndefined();
  });
});
