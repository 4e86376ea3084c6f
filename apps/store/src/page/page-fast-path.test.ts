/**
 * The page fast path over a real socket, compared with the same request through Fastify: a
 * plain page view must be indistinguishable (headers, CSP, bytes in every coding), a write must
 * show on the next view, and whatever it passes on must get Fastify's answer.
 */
import { rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createApp } from "../main/app.ts";
import { routeHooks } from "../main/test-kit/route-hooks.ts";
import {
  comparable,
  overSocket,
  type Sent,
  throughFastify,
} from "../main/test-kit/socket-vs-inject.ts";
import { writeStandInSite } from "../main/test-kit/stand-in-site.ts";
import {
  createTestApp,
  TEST_CLIENT_ID,
  TEST_KEY,
  type TestApp,
} from "../main/test-kit/test-app.ts";
import { SESSION_COOKIE } from "../platform/http/cookies.ts";
import { PAGE_ROUTE_HOOKS } from "./page-fast-path.ts";

// A build whose page lists the HomePage titles, fails on "explode", and has an inline style.
const ENTRY_SERVER = `
export function renderPage(template, content) {
  if (content.HomePage.some((item) => item.title_fld === "explode")) throw new Error("render failed");
  const titles = content.HomePage.map((item) => item.title_fld).join(",");
  return template.replace("<!--app-->", titles + " ".repeat(2000));
}
`;
const TEMPLATE = "<!doctype html><style>body{margin:0}</style><main><!--app--></main>";

let dir: string;
let t: TestApp;
let port: number;

beforeEach(async () => {
  dir = writeStandInSite({ entryServer: ENTRY_SERVER, client: { "index.html": TEMPLATE } });
  t = createTestApp({ site: { dir } });
  t.insert("HomePage", [{ _id: "h", title_fld: "Before" }]);
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as AddressInfo).port;
});
afterEach(async () => {
  await t.app.close();
  rmSync(dir, { recursive: true, force: true });
});

const view = (extra: Partial<Sent> = {}): Sent => ({ method: "GET", path: "/", ...extra });

describe("the page fast path", () => {
  test.each([
    ["plain", view()],
    ["at /index.html", view({ path: "/index.html" })],
    ["accepting brotli", view({ headers: { "accept-encoding": "br, gzip" } })],
    ["accepting gzip only", view({ headers: { "accept-encoding": "gzip" } })],
    ["from another origin", view({ headers: { origin: "https://example.com" } })],
  ])("answers a page view %s exactly as the route does", async (_name, sent) => {
    const before = t.app.pageFastPath.answered;
    const fast = await overSocket(port, sent);
    expect(t.app.pageFastPath.answered).toBe(before + 1);
    expect(fast.status).toBe(200);
    expect(fast.headers["x-wix-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(fast.headers["content-security-policy"]).toMatch(/style-src 'self' 'sha256-/);
    expect(comparable(fast)).toEqual(comparable(await throughFastify(t.app, sent)));
  });

  test("a write shows on the next view", async () => {
    expect((await overSocket(port, view())).body.toString()).toContain("Before");
    const written = await overSocket(port, {
      method: "POST",
      path: "/v2/items/update",
      headers: { "content-type": "application/json", authorization: t.apiKey },
      body: JSON.stringify({
        dataCollectionId: "HomePage",
        dataItem: { id: "h", data: { title_fld: "After" } },
      }),
    });
    expect(written.status).toBe(200);
    expect((await overSocket(port, view())).body.toString()).toContain("After");
  });

  test.each<[string, Sent, number]>([
    ["a query string", view({ path: "/?utm=x" }), 200],
    ["a cookie", view({ headers: { cookie: `${SESSION_COOKIE}=stale` } }), 200],
    ["If-None-Match", view({ headers: { "if-none-match": "*" } }), 304],
    ["a proxy's X-Forwarded-Proto", view({ headers: { "x-forwarded-proto": "https" } }), 200],
    ["HEAD", view({ method: "HEAD" }), 200],
  ])("passes a request with %s to Fastify, which answers it", async (_name, sent, status) => {
    const before = t.app.pageFastPath.answered;
    const passed = await overSocket(port, sent);
    expect(passed.status).toBe(status);
    expect(t.app.pageFastPath.answered).toBe(before);
    expect(comparable(passed)).toEqual(comparable(await throughFastify(t.app, sent)));
  });

  test("a page that cannot render gets Fastify's protocol 500", async () => {
    t.insert("HomePage", [{ _id: "x", title_fld: "explode" }]);
    const failed = await overSocket(port, view());
    expect(failed.status).toBe(500);
    expect(JSON.parse(failed.body.toString())).toMatchObject({
      details: { applicationError: { code: "SITE_RENDER_FAILED" } },
    });
  });
});

describe("guards", () => {
  test.each(["/", "/index.html"])("every hook on %s is one the fast path applies", async (path) => {
    expect(routeHooks(t.app, "GET", path)).toEqual(PAGE_ROUTE_HOOKS);
  });

  test("with request logging on, every page view goes through Fastify", async () => {
    const lines: string[] = [];
    const logged = createApp({
      db: t.db,
      config: { clientId: TEST_CLIENT_ID, signingKey: TEST_KEY },
      site: { dir },
      logger: { level: "info", stream: { write: (line: string) => lines.push(line) } },
    });
    await logged.listen({ port: 0, host: "127.0.0.1" });
    try {
      const { port: loggedPort } = logged.server.address() as AddressInfo;
      expect((await overSocket(loggedPort, view())).status).toBe(200);
      expect(logged.pageFastPath.answered).toBe(0);
      expect(lines.filter((line) => line.includes('"msg":"request completed"'))).toHaveLength(1);
    } finally {
      await logged.close();
    }
  });
});
