/**
 * The beacon fast path over a real socket, compared with the same beacon through Fastify: a
 * plain beacon must get the same answer and store the same event; every beacon it passes on
 * (a cookie, a proxy's headers, another site's, a flood, a malformed or chunked body) must get
 * Fastify's answer and store what Fastify stores.
 */
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createApp } from "../main/app.ts";
import { DESKTOP_CHROME, GOOGLEBOT } from "../main/test-kit/analytics-kit.ts";
import { routeHooks } from "../main/test-kit/route-hooks.ts";
import {
  comparable,
  overSocket,
  type Sent,
  throughFastify,
} from "../main/test-kit/socket-vs-inject.ts";
import {
  createTestApp,
  TEST_CLIENT_ID,
  TEST_KEY,
  type TestApp,
} from "../main/test-kit/test-app.ts";
import { SESSION_COOKIE } from "../platform/http/cookies.ts";
import { BEACON_ROUTE_HOOKS } from "./beacon-fast-path.ts";

const PER_MINUTE = 6;
const VIEW = JSON.stringify({ k: "v", p: "/?utm_source=news", r: "https://www.linkedin.com/" });

let t: TestApp;
let port: number;

beforeEach(async () => {
  t = createTestApp({ beacons: { perMinute: PER_MINUTE } });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as AddressInfo).port;
});
afterEach(() => t.app.close());

const beacon = (headers: Record<string, string> = {}, body: Sent["body"] = VIEW): Sent => ({
  method: "POST",
  path: "/a/e",
  headers: {
    host: "consultant.example",
    "content-type": "text/plain;charset=UTF-8",
    "sec-fetch-site": "same-origin",
    "user-agent": DESKTOP_CHROME,
    ...headers,
  },
  body,
});

/** The events stored so far, without their row ids. */
function events(): Record<string, unknown>[] {
  t.app.analytics.flush();
  return (t.db.prepare("SELECT * FROM analytics_events ORDER BY id").all() as { id: number }[]).map(
    ({ id: _id, ...event }) => event,
  );
}

/** The same beacon over the socket, then through Fastify (from the socket's address). */
async function bothWays(sent: Sent) {
  const fast = await overSocket(port, sent);
  const storedFast = events();
  const slow = await throughFastify(t.app, sent);
  return { fast, slow, storedFast, storedBoth: events() };
}

describe("the beacon fast path", () => {
  test("answers a plain beacon as the route does, and stores the same event", async () => {
    const before = t.app.beaconFastPath.answered;
    const { fast, slow, storedFast, storedBoth } = await bothWays(beacon());
    expect(t.app.beaconFastPath.answered).toBe(before + 1);
    expect(fast.status).toBe(204);
    expect(fast.headers["x-wix-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(comparable(fast)).toEqual(comparable(slow));
    expect(storedFast).toHaveLength(1);
    expect(storedFast[0]).toMatchObject({ referrer: "linkedin.com", utm_source: "news" });
    expect(storedBoth).toEqual([storedFast[0], storedFast[0]]);
  });

  test("answers a bot's beacon as the route does, and stores nothing", async () => {
    const { fast, slow, storedBoth } = await bothWays(beacon({ "user-agent": GOOGLEBOT }));
    expect(fast.status).toBe(204);
    expect(comparable(fast)).toEqual(comparable(slow));
    expect(storedBoth).toEqual([]);
  });

  test.each([
    ["with a cookie", beacon({ cookie: `${SESSION_COOKIE}=stale` })],
    ["behind a proxy", beacon({ "x-forwarded-for": "203.0.113.9" })],
    ["from another site", beacon({ "sec-fetch-site": "cross-site" })],
    ["sent as JSON", beacon({ "content-type": "application/json" })],
    ["with a query string", { ...beacon(), path: "/a/e?x=1" }],
    ["oversized", beacon({}, JSON.stringify({ k: "v", p: "/", pad: "x".repeat(2000) }))],
    ["sent in chunks", beacon({}, [VIEW.slice(0, 10), VIEW.slice(10)])],
  ])("passes a beacon %s to Fastify before reading it", async (_name, sent) => {
    const before = t.app.beaconFastPath.answered;
    const { fast, slow, storedFast, storedBoth } = await bothWays(sent);
    expect(t.app.beaconFastPath.answered).toBe(before);
    expect(comparable(fast)).toEqual(comparable(slow));
    expect(storedBoth).toHaveLength(2 * storedFast.length);
  });

  test.each([
    ["not JSON", "{not json"],
    ["with a forged referrer", JSON.stringify({ k: "v", p: "/", r: "javascript:alert(1)" })],
    ["naming another site's page", JSON.stringify({ k: "v", p: "https://elsewhere.example/" })],
  ])(
    "hands a body %s back to Fastify, which refuses it and stores nothing",
    async (_name, body) => {
      const before = t.app.beaconFastPath.answered;
      const { fast, slow, storedBoth } = await bothWays(beacon({}, body));
      expect(t.app.beaconFastPath.answered).toBe(before);
      expect(fast.status).toBe(400);
      expect(comparable(fast)).toEqual(comparable(slow));
      expect(storedBoth).toEqual([]);
    },
  );

  test("a flood from one address is refused past the limit, as Fastify refuses it", async () => {
    const answers: number[] = [];
    for (let sent = 0; sent < PER_MINUTE + 2; sent++) {
      answers.push((await overSocket(port, beacon())).status);
    }
    expect(answers).toEqual([...Array(PER_MINUTE).fill(204), 429, 429]);
    expect(events()).toHaveLength(PER_MINUTE);
    const refused = await overSocket(port, beacon());
    expect(comparable(refused)).toEqual(comparable(await throughFastify(t.app, beacon())));
    expect(events()).toHaveLength(PER_MINUTE);
  });
});

describe("guards", () => {
  test("every hook on the beacon route is one the fast path applies", async () => {
    expect(routeHooks(t.app, "POST", "/a/e")).toEqual(BEACON_ROUTE_HOOKS);
  });

  test("with request logging on, every beacon goes through Fastify", async () => {
    const app = createApp({
      db: t.db,
      config: { clientId: TEST_CLIENT_ID, signingKey: TEST_KEY },
      logger: { level: "info", stream: { write: () => {} } },
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    try {
      const { port: logged } = app.server.address() as AddressInfo;
      expect((await overSocket(logged, beacon())).status).toBe(204);
      expect(app.beaconFastPath.answered).toBe(0);
    } finally {
      await app.close();
    }
  });
});
