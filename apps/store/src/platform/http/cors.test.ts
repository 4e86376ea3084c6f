import { afterEach, describe, expect, test } from "vitest";
import { writeStandInSite } from "../../main/test-kit/stand-in-site.ts";
import { createTestApp, type TestApp } from "../../main/test-kit/test-app.ts";
import { readCorsOrigins } from "./cors.ts";

const SITE = "https://site.example";
const OTHER = "https://evil.example";

let t: TestApp;
afterEach(() => t.app.close());

const preflight = (url: string, origin = SITE) =>
  t.app.inject({
    method: "OPTIONS",
    url,
    headers: { origin, "access-control-request-method": "POST" },
  });

describe("by default (any origin)", () => {
  for (const url of [
    "/wix-data/v2/items/query",
    "/v2/items/query",
    "/oauth2/token",
    "/graphql/v1",
  ]) {
    test(`the API route ${url} answers another origin's preflight`, async () => {
      t = createTestApp();
      const response = await preflight(url);
      expect(response.statusCode).toBe(204);
      expect(response.headers["access-control-allow-origin"]).toBe("*");
    });
  }

  test("the identity prefix /_api answers preflights too", async () => {
    t = createTestApp();
    expect((await preflight("/_api/iam/authentication/v2/login")).statusCode).toBe(204);
  });

  test("the page, the editor and their files send no CORS headers to another origin", async () => {
    t = createTestApp({ site: { dir: writeStandInSite() } });
    for (const url of ["/", "/admin", "/admin/api/session"]) {
      const response = await t.app.inject({ method: "GET", url, headers: { origin: OTHER } });
      expect(response.headers["access-control-allow-origin"]).toBeUndefined();
    }
  });

  test("a preflight for the editor's API is not answered", async () => {
    t = createTestApp();
    const response = await preflight("/admin/api/sign-in", OTHER);
    expect(response.statusCode).toBe(404);
    expect(response.headers["access-control-allow-origin"]).toBeUndefined();
  });

  test("a prefix only counts as a whole path segment", async () => {
    t = createTestApp();
    const response = await t.app.inject({
      method: "GET",
      url: "/v2x/anything",
      headers: { origin: OTHER },
    });
    expect(response.headers["access-control-allow-origin"]).toBeUndefined();
  });
});

describe("with CORS_ORIGINS naming origins", () => {
  test("an allowed origin is echoed, with Vary: Origin", async () => {
    t = createTestApp({ corsOrigins: [SITE] });
    const response = await preflight("/oauth2/token");
    expect(response.headers["access-control-allow-origin"]).toBe(SITE);
    expect(String(response.headers.vary)).toContain("Origin");
  });

  test("another origin gets no CORS headers, so its browser withholds the answer", async () => {
    t = createTestApp({ corsOrigins: [SITE] });
    const response = await t.app.inject({
      method: "POST",
      url: "/wix-data/v2/items/query",
      headers: { origin: OTHER, authorization: await t.token() },
      payload: { dataCollectionId: "About", query: {} },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["access-control-allow-origin"]).toBeUndefined();
    expect(String(response.headers.vary)).toContain("Origin");
  });

  test("the visitor query fast path follows the same list", async () => {
    t = createTestApp({ corsOrigins: [SITE] });
    const token = await t.token();
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const query = (origin: string) =>
      fetch(`${address}/wix-data/v2/items/query`, {
        method: "POST",
        headers: { origin, authorization: token, "content-type": "application/json" },
        body: JSON.stringify({ dataCollectionId: "About", query: {} }),
      });
    const allowed = await query(SITE);
    const refused = await query(OTHER);
    expect(t.app.visitorQueryFastPath.answered).toBe(2);
    expect(allowed.headers.get("access-control-allow-origin")).toBe(SITE);
    expect(refused.headers.get("access-control-allow-origin")).toBeNull();
    expect(refused.headers.get("vary")).toContain("Origin");
    expect(await refused.text()).toBe(await allowed.text());
  });
});

describe("CORS_ORIGINS", () => {
  test("unset, empty or * means any origin", () => {
    expect([undefined, "", " * "].map(readCorsOrigins)).toEqual(["*", "*", "*"]);
  });

  test("reads comma-separated origins, a trailing slash forgiven", () => {
    expect(readCorsOrigins("https://a.example, http://localhost:5173/")).toEqual([
      "https://a.example",
      "http://localhost:5173",
    ]);
  });

  test("refuses a value that is not an origin, naming it", () => {
    expect(() => readCorsOrigins("https://a.example/path")).toThrow(/https:\/\/a\.example\/path/);
    expect(() => readCorsOrigins("a.example")).toThrow(/CORS_ORIGINS/);
  });
});
