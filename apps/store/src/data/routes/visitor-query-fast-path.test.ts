/**
 * The visitor fast path over a real socket, compared with the same request through Fastify
 * (`app.inject` never reaches the server, so it always takes the route): what it answers must be
 * indistinguishable, and whatever it passes on must get Fastify's answer.
 */
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createApp } from "../../main/app.ts";
import { routeHooks } from "../../main/test-kit/route-hooks.ts";
import {
  comparable,
  throughFastify as injectRequest,
  type Received,
  type Sent as SentRequest,
  overSocket as socketRequest,
} from "../../main/test-kit/socket-vs-inject.ts";
import {
  createTestApp,
  TEST_CLIENT_ID,
  TEST_KEY,
  type TestApp,
} from "../../main/test-kit/test-app.ts";
import { SESSION_COOKIE } from "../../platform/http/cookies.ts";
import { QUERY_ROUTE_HOOKS } from "./visitor-query-fast-path.ts";

const QUERY_PATH = "/wix-data/v2/items/query";
const QUERY_PATHS = [QUERY_PATH, "/v2/items/query"];

let t: TestApp;
let port: number;
let token: string;

beforeEach(async () => {
  t = createTestApp();
  t.insert("Clients", [
    { _id: "a", itemData: "First client", order: 1 },
    { _id: "b", itemData: "Second client ".repeat(100), order: 2 },
  ]);
  token = await t.token();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as AddressInfo).port;
});
afterEach(() => t.app.close());

type Sent = Partial<SentRequest>;

function overSocket({ method = "POST", path = QUERY_PATH, ...rest }: Sent) {
  return socketRequest(port, { method, path, ...rest });
}

function throughFastify({ method = "POST", path = QUERY_PATH, ...rest }: Sent) {
  return injectRequest(t.app, { method, path, ...rest });
}

// Test cases are listed before a token exists: `<token>` and `<api key>` stand for them.
const json = (extra: Record<string, string> = {}) => ({
  "content-type": "application/json",
  authorization: "<token>",
  ...extra,
});
const withCredentials = (headers: Record<string, string> = {}) =>
  Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      value.replace("<token>", token).replace("<api key>", t.apiKey),
    ]),
  );

describe("the visitor query fast path", () => {
  test.each([
    ["plain", {}],
    ["from a browser on another origin", { origin: "https://example.com" }],
    ["accepting gzip", { "accept-encoding": "gzip" }],
    ["accepting brotli", { "accept-encoding": "br, gzip;q=0.5" }],
    [
      "with a charset and a Bearer token",
      { "content-type": "application/json; charset=UTF-8", authorization: "Bearer <token>" },
    ],
  ])("answers a visitor's query %s exactly as the route does", async (_name, extra) => {
    const headers = withCredentials(json(extra));
    const body = JSON.stringify({
      dataCollectionId: "Clients",
      query: { sort: [{ fieldName: "order", order: "DESC" }] },
    });
    const before = t.app.visitorQueryFastPath.answered;
    const fast = await overSocket({ headers, body });
    expect(t.app.visitorQueryFastPath.answered).toBe(before + 1);
    expect(fast.status).toBe(200);
    expect(fast.headers["x-wix-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(comparable(fast)).toEqual(comparable(await throughFastify({ headers, body })));
  });

  test("serves both route generations from one cache and sees a write at once", async () => {
    const body = JSON.stringify({ dataCollectionId: "Clients" });
    const ids = (response: Received) =>
      (JSON.parse(response.body.toString()) as { dataItems: { id: string }[] }).dataItems.map(
        (item) => item.id,
      );
    const headers = withCredentials(json());
    expect(ids(await overSocket({ headers, body }))).toEqual(["a", "b"]);
    const inserted = await overSocket({
      path: "/v2/items",
      headers: { "content-type": "application/json", authorization: t.apiKey },
      body: JSON.stringify({ dataCollectionId: "Clients", dataItem: { data: { _id: "c" } } }),
    });
    expect(inserted.status).toBe(200);
    expect(ids(await overSocket({ path: "/v2/items/query", headers, body }))).toEqual([
      "a",
      "b",
      "c",
    ]);
  });

  const valid = JSON.stringify({ dataCollectionId: "Clients" });
  test.each<[string, Sent, number]>([
    ["bad JSON", { headers: json(), body: '{"dataCollectionId":' }, 400],
    ["a __proto__ key", { headers: json(), body: '{"__proto__":{"x":1}}' }, 400],
    [
      "an invalid query",
      { headers: json(), body: '{"dataCollectionId":"Clients","query":{"paging":{"limit":-1}}}' },
      400,
    ],
    ["an unknown collection", { headers: json(), body: '{"dataCollectionId":"Nope"}' }, 404],
    ["no credentials", { headers: { "content-type": "application/json" }, body: valid }, 401],
    ["a forged token", { headers: json({ authorization: "<token>x" }), body: valid }, 401],
    ["an API key", { headers: json({ authorization: "<api key>" }), body: valid }, 200],
    ["a query string", { path: `${QUERY_PATH}?x=1`, headers: json(), body: valid }, 200],
    [
      "another media type",
      { headers: json({ "content-type": "application/xml" }), body: valid },
      415,
    ],
    ["a chunked body", { headers: json(), body: [valid.slice(0, 5), valid.slice(5)] }, 200],
    [
      "a body above 4 KB",
      { headers: json(), body: `${valid.slice(0, -1)}${',"x":1'.repeat(900)}}` },
      200,
    ],
    ["an empty body", { headers: json(), body: "" }, 400],
  ])("passes a request with %s to Fastify, which answers it", async (_name, sent, status) => {
    const headers = withCredentials(sent.headers);
    const before = t.app.visitorQueryFastPath.answered;
    const fast = await overSocket({ ...sent, headers });
    expect(fast.status).toBe(status);
    expect(t.app.visitorQueryFastPath.answered).toBe(before);
    expect(comparable(fast)).toEqual(comparable(await throughFastify({ ...sent, headers })));
  });
});

describe("with request logging on (LOG_LEVEL=info)", () => {
  test("every visitor query goes through Fastify, so each one is logged", async () => {
    const lines: string[] = [];
    const logged = createApp({
      db: t.db,
      config: { clientId: TEST_CLIENT_ID, signingKey: TEST_KEY },
      now: () => t.clock.ms,
      logger: { level: "info", stream: { write: (line: string) => lines.push(line) } },
    });
    await logged.listen({ port: 0, host: "127.0.0.1" });
    port = (logged.server.address() as AddressInfo).port;
    try {
      const response = await overSocket({
        headers: withCredentials(json()),
        body: JSON.stringify({ dataCollectionId: "Clients" }),
      });
      expect(response.status).toBe(200);
      expect(logged.visitorQueryFastPath.answered).toBe(0);
      const completed = lines.filter((line) => line.includes('"msg":"request completed"'));
      expect(completed).toHaveLength(1);
    } finally {
      await logged.close();
    }
  });
});

describe("guards", () => {
  test.each(QUERY_PATHS)("every hook on %s is one the fast path applies", async (path) => {
    await t.app.ready();
    expect(routeHooks(t.app, "POST", path)).toEqual(QUERY_ROUTE_HOOKS);
  });

  test("a hook added in front of the query routes shows up against that list", async () => {
    const app = createApp({ db: t.db, config: { clientId: TEST_CLIENT_ID, signingKey: TEST_KEY } });
    app.addHook("onRequest", function rateLimitHook(_request, _reply, done) {
      done();
    });
    await app.ready();
    expect(routeHooks(app, "POST", QUERY_PATH).onRequest).toContain("rateLimitHook");
    expect(routeHooks(app, "POST", QUERY_PATH)).not.toEqual(QUERY_ROUTE_HOOKS);
    await app.close();
  });

  test("a request with an owner's session cookie is left to Fastify's hooks", async () => {
    const headers = withCredentials(json({ cookie: `${SESSION_COOKIE}=stale` }));
    const body = JSON.stringify({ dataCollectionId: "Clients" });
    const before = t.app.visitorQueryFastPath.answered;
    const passed = await overSocket({ headers, body });
    expect(t.app.visitorQueryFastPath.answered).toBe(before);
    expect(comparable(passed)).toEqual(comparable(await throughFastify({ headers, body })));
  });
});
