import { rmSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { writeStandInSite } from "../main/test-kit/stand-in-site.ts";
import { createTestApp, type TestApp } from "../main/test-kit/test-app.ts";
import { buildRobots, buildSitemap } from "./search-files.ts";

let dir: string;
let t: TestApp;

beforeEach(() => {
  dir = writeStandInSite({
    entryServer: "export function renderPage(template) { return template; }",
    client: { "index.html": "<!doctype html><div id=root></div>" },
  });
  t = createTestApp({ site: { dir } });
});
afterEach(async () => {
  await t.app.close();
  rmSync(dir, { recursive: true, force: true });
});

function locOf(xml: string): string | undefined {
  return /<loc>([^<]*)<\/loc>/.exec(xml)?.[1];
}

function lastmodOf(xml: string): string | undefined {
  return /<lastmod>([^<]*)<\/lastmod>/.exec(xml)?.[1];
}

describe("sitemap.xml", () => {
  test("lists the page at the site's address from the settings", async () => {
    t.insert("SiteSettings", [{ _id: "site", siteUrl: "https://www.example.com/" }]);
    const response = await t.app.inject({ method: "GET", url: "/sitemap.xml" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(locOf(response.body)).toBe("https://www.example.com/");
  });

  test("names the host the request came to while no address is set", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/sitemap.xml",
      headers: { host: "consultant.test:8080" },
    });
    expect(locOf(response.body)).toBe("http://consultant.test:8080/");
    expect(response.headers["cache-control"]).toBe("no-cache");
  });

  test("dates the page by the latest content change", async () => {
    t.insert("About", [{ _id: "a", title_fld: "About", data: "Old" }]);
    t.clock.ms += 86_400_000;
    t.insert("Services", [{ _id: "s", itemData: { title: "New" } }]);
    const response = await t.app.inject({ method: "GET", url: "/sitemap.xml" });
    expect(lastmodOf(response.body)).toBe(new Date(t.clock.ms).toISOString());
  });

  test("follows a change of the site's address at once", async () => {
    t.insert("SiteSettings", [{ _id: "site", siteUrl: "https://old.example.com" }]);
    await t.app.inject({ method: "GET", url: "/sitemap.xml" });
    t.clock.ms += 1000;
    t.store.update("SiteSettings", "site", { siteUrl: "https://new.example.com" }, t.clock.ms);
    const response = await t.app.inject({ method: "GET", url: "/sitemap.xml" });
    expect(locOf(response.body)).toBe("https://new.example.com/");
  });

  test("ignores a stored address that is not a web address", async () => {
    t.insert("SiteSettings", [{ _id: "site", siteUrl: "javascript:alert(1)" }]);
    const response = await t.app.inject({
      method: "GET",
      url: "/sitemap.xml",
      headers: { host: "consultant.test" },
    });
    expect(locOf(response.body)).toBe("http://consultant.test/");
  });
});

describe("robots.txt", () => {
  test("allows the page, keeps the editor out and points at the sitemap", async () => {
    t.insert("SiteSettings", [{ _id: "site", siteUrl: "https://www.example.com" }]);
    const response = await t.app.inject({ method: "GET", url: "/robots.txt" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(response.body).toContain("Disallow: /admin");
    expect(response.body).toContain("Sitemap: https://www.example.com/sitemap.xml");
  });
});

describe("buildSitemap", () => {
  test("escapes the address so the XML stays well-formed", () => {
    const xml = buildSitemap("https://example.com/a&b<c>", undefined);
    expect(xml).toContain("<loc>https://example.com/a&amp;b&lt;c&gt;/</loc>");
    expect(xml).not.toContain("<lastmod>");
  });
});

describe("buildRobots", () => {
  test("names the sitemap at the given address", () => {
    expect(buildRobots("https://example.com")).toMatch(
      /^Sitemap: https:\/\/example\.com\/sitemap\.xml$/m,
    );
  });
});
