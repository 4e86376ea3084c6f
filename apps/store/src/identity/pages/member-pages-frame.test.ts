/**
 * The store's member pages wear the site's frame: its name and logo from the stored content, a
 * way back to the page and to the client area on every page, error pages included.
 */
import { readFileSync } from "node:fs";
import { JSDOM } from "jsdom";
import { afterEach, beforeEach, expect, test } from "vitest";
import { createMemberKit, type MemberKit } from "../../main/test-kit/identity-kit.ts";

let k: MemberKit;
beforeEach(async () => {
  k = await createMemberKit();
});
afterEach(() => k.close());

const get = (url: string, accept = "text/html") =>
  k.app.inject({ method: "GET", url, headers: { host: "store.test", accept } });

test("the sign-in page names the site and links back to it and to the client area", async () => {
  k.insert("SiteSettings", [{ _id: "site", name: "Ada Lovelace", company: "Engines Ltd" }]);
  const page = await get("/members/sign-in");
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('<a class="site-name" href="/">');
  expect(page.body).toContain("<span>Ada Lovelace</span>");
  expect(page.body).toContain('<a href="/">Back to the site</a>');
  expect(page.body).toContain('<a href="/members/client-area">Client area</a>');
});

/** The frame's link back to the site: what a screen reader reads, and the pictures in it. */
function siteLink(markup: string) {
  const link = new JSDOM(markup).window.document.querySelector("header a.site-name");
  return {
    text: link?.textContent,
    href: link?.getAttribute("href"),
    images: [...(link?.querySelectorAll("img") ?? [])].map((img) =>
      Object.fromEntries([...img.attributes].map((a) => [a.name, a.value])),
    ),
  };
}

test("a site with no name set yet is called Home in the link back, with no logo", async () => {
  const page = await get("/members/sign-in");
  expect(siteLink(page.body)).toEqual({ text: "Home", href: "/", images: [] });
});

test("the uploaded logo sits beside the name as decoration, so the link reads as the name", async () => {
  k.insert("SiteSettings", [{ _id: "site", name: "Ada Lovelace" }]);
  k.insert("Pictures", [
    {
      _id: "logo",
      slot: "logo",
      alt: "Engines Ltd",
      src: "/media/logo.png",
      width: 64,
      height: 64,
    },
  ]);
  const page = await get("/members/sign-in");
  expect(siteLink(page.body)).toEqual({
    text: "Ada Lovelace",
    href: "/",
    images: [{ src: "/media/logo.png", alt: "", width: "32", height: "32" }],
  });
});

test("an error page keeps the way back to the site", async () => {
  const page = await get("/members/reset-password?token=not-a-token");
  expect(page.statusCode).toBeGreaterThanOrEqual(400);
  expect(page.body).toContain('<a href="/">Back to the site</a>');
  expect(page.body).toContain('<a href="/members/client-area">Client area</a>');
});

test("a site name holding markup is shown as text on the members' pages", async () => {
  k.insert("SiteSettings", [{ _id: "site", name: '<img src=x onerror="alert(1)">' }]);
  const page = await get("/members/sign-in");
  expect(page.body).not.toContain("<img src=x");
  expect(page.body).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
});

test("the name follows an edit of the settings without a restart", async () => {
  k.insert("SiteSettings", [{ _id: "site", name: "Before" }]);
  expect((await get("/members/sign-in")).body).toContain("<span>Before</span>");
  k.store.replace("SiteSettings", "site", { _id: "site", name: "After" }, k.clock.ms + 1);
  expect((await get("/members/sign-in")).body).toContain("<span>After</span>");
});

test("the theme script applies the visitor's stored choice before the stylesheet", async () => {
  const page = await get("/members/sign-in");
  expect(page.body.indexOf('src="/members/assets/theme.js"')).toBeLessThan(
    page.body.indexOf('href="/members/assets/members.css"'),
  );
  const script = await get("/members/assets/theme.js");
  expect(script.statusCode).toBe(200);
  expect(script.body).toContain('localStorage.getItem("theme")');
});

/** Each block's colour tokens, in order: light, dark by choice, dark by the system's preference. */
function paletteOf(css: string): Map<string, string>[] {
  const blocks = css.split(/:root\[data-theme="dark"\]|@media \(prefers-color-scheme: dark\)/);
  return blocks
    .slice(0, 3)
    .map(
      (block) =>
        new Map(
          [...block.matchAll(/(--color-[\w-]+):\s*(#[0-9a-f]+);/gi)].map((m) => [
            m[1] ?? "",
            m[2] ?? "",
          ]),
        ),
    );
}

test("the served members' stylesheet has the site's palette, light and dark", async () => {
  const site = (name: string) =>
    readFileSync(new URL(`../../../../site/src/${name}`, import.meta.url), "utf8");
  const served = await get("/members/assets/members.css");
  expect(served.statusCode).toBe(200);
  const [light, dark, systemDark] = paletteOf(served.body);
  const [, siteDark, siteSystemDark] = paletteOf(site("theme-dark.css"));
  expect(light).toEqual(paletteOf(site("theme.css"))[0]);
  expect(dark).toEqual(siteDark);
  expect(systemDark).toEqual(siteSystemDark);
  expect(light?.size).toBeGreaterThan(10);
  expect(dark?.size).toBe(light?.size);
});

test("an address under /members/ that is no page answers a page in the frame, not an API error", async () => {
  const page = await get("/members/no-such-page");
  expect(page.statusCode).toBe(404);
  expect(page.headers["content-type"]).toMatch(/^text\/html/);
  const document = new JSDOM(page.body).window.document;
  expect(document.documentElement.lang).toBe("en");
  expect(document.title).toContain("Page not found");
  expect(document.querySelector("main")?.textContent).toContain(
    "There is no page at this address.",
  );
  expect(siteLink(page.body).href).toBe("/");
  const program = await get("/members/no-such-page", "application/json");
  const api = await get("/members/api/no-such-call");
  for (const answer of [program, api]) {
    expect([answer.statusCode, answer.json().details.applicationError.code]).toEqual([
      404,
      "ROUTE_NOT_FOUND",
    ]);
  }
});
