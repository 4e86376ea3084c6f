import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { writeStandInSite } from "../main/test-kit/stand-in-site.ts";
import { createTestApp, type TestApp } from "../main/test-kit/test-app.ts";

// A stand-in for the site's build: renderPage embeds the content it receives and counts calls.
const ENTRY_SERVER = `
let renders = 0;
export function renderCount() { return renders; }
export function renderPage(template, content) {
  renders++;
  if (content.HomePage.some((item) => item.data === "explode")) throw new Error("render failed");
  return template.replace("<!--app-->", JSON.stringify(content));
}
`;

let dir: string;
let t: TestApp;

beforeEach(() => {
  dir = writeStandInSite({
    entryServer: ENTRY_SERVER,
    client: {
      "index.html": "<!doctype html><div id=root><!--app--></div>",
      "assets/index-abc123.js": "console.log('app')",
      "favicon.svg": "<svg/>",
    },
  });
  t = createTestApp({ site: { dir } });
});
afterEach(async () => {
  await t.app.close();
  rmSync(dir, { recursive: true, force: true });
});

async function renderCount(): Promise<number> {
  const entry = (await import(pathToFileURL(join(dir, "server", "entry-server.js")).href)) as {
    renderCount: () => number;
  };
  return entry.renderCount();
}

function contentOf(html: string): Record<string, Record<string, unknown>[]> {
  return JSON.parse(html.replace("<!doctype html><div id=root>", "").replace("</div>", ""));
}

describe("server-rendered page", () => {
  test("renders the page collections' item data in default order", async () => {
    t.insert("HomePage", [{ _id: "m", title_fld: "MainTitle", data: "Hi" }]);
    t.insert("Clients", [
      { _id: "z", itemData: "Z" },
      { _id: "a", itemData: "A" },
    ]);
    const response = await t.app.inject({ method: "GET", url: "/" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["x-wix-request-id"]).toEqual(expect.any(String));
    const content = contentOf(response.body);
    expect(Object.keys(content)).toEqual([
      "HomePage",
      "About",
      "Services",
      "Clients",
      "WhyWorkWithMe",
      "PageWords",
      "SiteSettings",
      "Pictures",
    ]);
    expect(content.Clients?.map((item) => item._id)).toEqual(["z", "a"]);
    expect(content.HomePage?.[0]).toMatchObject({
      _id: "m",
      data: "Hi",
      _createdDate: { $date: "2025-01-01T00:00:00.000Z" },
    });
  });

  test("serves the same page at /index.html", async () => {
    const response = await t.app.inject({ method: "GET", url: "/index.html" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('"HomePage":[]');
  });

  test("never serves an HTML file of the build as a raw static file", async () => {
    writeFileSync(join(dir, "client", "admin.html"), "<!doctype html><title>editor</title>");
    const response = await t.app.inject({ method: "GET", url: "/admin.html" });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain("editor");
  });

  test("caches the page while the content is unchanged", async () => {
    await t.app.inject({ method: "GET", url: "/" });
    const before = await renderCount();
    const again = await t.app.inject({ method: "GET", url: "/" });
    expect(again.statusCode).toBe(200);
    expect(await renderCount()).toBe(before);
  });

  test("a content change shows on the next load", async () => {
    t.insert("About", [{ _id: "about", title_fld: "About", data: "First" }]);
    expect((await t.app.inject({ method: "GET", url: "/" })).body).toContain("First");
    t.store.update("About", "about", { title_fld: "About", data: "Second" }, Date.now());
    const response = await t.app.inject({ method: "GET", url: "/" });
    expect(response.body).toContain("Second");
    expect(response.body).not.toContain("First");
  });

  test("a failing render answers a protocol 500", async () => {
    t.insert("HomePage", [{ data: "explode" }]);
    const response = await t.app.inject({ method: "GET", url: "/" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({
      details: { applicationError: { code: "SITE_RENDER_FAILED" } },
    });
  });
});

describe("page compression and validators", () => {
  const LONG_TEXT = "Plenty of words about the business. ".repeat(100);

  test("sends the page brotli-compressed when accepted, varying by Accept-Encoding", async () => {
    t.insert("About", [{ _id: "about", title_fld: "About", data: LONG_TEXT }]);
    const plain = await t.app.inject({ method: "GET", url: "/" });
    const response = await t.app.inject({
      method: "GET",
      url: "/",
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers.vary).toBe("Accept-Encoding");
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(plain.body);
    expect(response.rawPayload.byteLength).toBeLessThan(plain.rawPayload.byteLength / 4);
  });

  test("sends gzip to a client that accepts only gzip, and nothing to one that accepts none", async () => {
    t.insert("About", [{ _id: "about", title_fld: "About", data: LONG_TEXT }]);
    const gzip = await t.app.inject({
      method: "GET",
      url: "/",
      headers: { "accept-encoding": "gzip" },
    });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toContain(LONG_TEXT);
    const plain = await t.app.inject({ method: "GET", url: "/" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
  });

  test("answers 304 to a GET that holds the current ETag", async () => {
    const first = await t.app.inject({ method: "GET", url: "/" });
    const etag = first.headers.etag;
    expect(etag).toEqual(expect.any(String));
    const again = await t.app.inject({
      method: "GET",
      url: "/",
      headers: { "if-none-match": String(etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.etag).toBe(etag);
  });

  test("a content change gives the page a new ETag, so the old one gets the full page", async () => {
    const etag = String((await t.app.inject({ method: "GET", url: "/" })).headers.etag);
    t.insert("About", [{ _id: "about", title_fld: "About", data: "New" }]);
    const response = await t.app.inject({
      method: "GET",
      url: "/",
      headers: { "if-none-match": etag },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).not.toBe(etag);
    expect(response.body).toContain("New");
  });
});

describe("static files", () => {
  test("a large asset is sent precompressed by content negotiation", async () => {
    const script = `console.log(${JSON.stringify("y".repeat(5000))});`;
    writeFileSync(join(dir, "client", "assets", "big-abc123.js"), script);
    const withBig = createTestApp({ site: { dir } });
    try {
      const response = await withBig.app.inject({
        method: "GET",
        url: "/assets/big-abc123.js",
        headers: { "accept-encoding": "br, gzip" },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-encoding"]).toBe("br");
      expect(response.headers["content-type"]).toMatch(/javascript/);
      expect(response.headers.vary).toBe("Accept-Encoding");
      expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
      const plain = await withBig.app.inject({ method: "GET", url: "/assets/big-abc123.js" });
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.body).toBe(script);
    } finally {
      await withBig.app.close();
    }
  });

  test("hashed assets are cached for a year as immutable", async () => {
    const response = await t.app.inject({ method: "GET", url: "/assets/index-abc123.js" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe("console.log('app')");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers["x-wix-request-id"]).toEqual(expect.any(String));
  });

  test("other files get a short cache", async () => {
    const response = await t.app.inject({ method: "GET", url: "/favicon.svg" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=300");
  });

  test("a missing file answers the protocol 404", async () => {
    const response = await t.app.inject({ method: "GET", url: "/assets/missing.js" });
    expect(response.statusCode).toBe(404);
    expect(response.headers["x-wix-request-id"]).toEqual(expect.any(String));
    expect(response.json()).toMatchObject({
      details: { applicationError: { code: "ROUTE_NOT_FOUND" } },
    });
  });

  test("paths cannot escape the client folder", async () => {
    const response = await t.app.inject({ method: "GET", url: "/..%2fserver%2fentry-server.js" });
    expect(response.statusCode).toBe(404);
  });

  test("API routes still answer beside the site", async () => {
    const response = await t.app.inject({ method: "POST", url: "/oauth2/token", payload: {} });
    expect(response.statusCode).toBe(400);
  });
});

describe("missing build", () => {
  test("the app fails to start with a hint to build", async () => {
    const empty = mkdtempSync(join(tmpdir(), "store-nosite-"));
    const broken = createTestApp({ site: { dir: empty } });
    await expect(broken.app.ready()).rejects.toThrow(/npm run build/);
    rmSync(empty, { recursive: true, force: true });
  });
});
