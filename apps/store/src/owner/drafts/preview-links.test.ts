/**
 * Preview links, attacked: the secret is shown once and kept only as a digest; the link's
 * address comes from PUBLIC_URL whatever Host or Origin the request forges; an expired, revoked
 * or guessed secret answers the same 404 page; guessing from one address stops at its limit
 * while other addresses keep their own count; the preview page is never cached or indexed.
 */
import { afterEach, describe, expect, test } from "vitest";
import { createIdentityStore } from "../../identity/storage/identity-store.ts";
import { createDraftsKit, type DraftsKit } from "../../main/test-kit/drafts-kit.ts";
import { PREVIEW_ATTEMPTS } from "./drafts-feature.ts";

const PUBLIC_URL = "https://consultant.example";
const HOUR = 60 * 60 * 1000;
let kit: DraftsKit | undefined;
afterEach(async () => {
  await kit?.app.close();
  kit = undefined;
});

async function start(): Promise<DraftsKit> {
  kit = await createDraftsKit({ publicUrl: PUBLIC_URL, trustProxy: true });
  kit.insert("About", [{ _id: "about", title_fld: "About", data: "Live words" }]);
  await kit.draft("About", "about", { title_fld: "About", data: "Draft words" });
  return kit;
}

type Created = { link: { id: string; url: string; expiresAt: string; label: string } };

async function createLink(k: DraftsKit, body: unknown = {}, headers: Record<string, string> = {}) {
  const response = await k.asOwner(k.owner, {
    method: "POST",
    url: "/admin/api/preview-links",
    payload: body as object,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as Created).link;
}

function open(k: DraftsKit, url: string, ip = "198.51.100.1") {
  return k.app.inject({
    method: "GET",
    url: new URL(url, PUBLIC_URL).pathname,
    headers: { "x-forwarded-for": ip },
  });
}

describe("a preview link", () => {
  test("shows the page with the drafts under a banner, never cached, indexed or referred", async () => {
    const k = await start();
    const link = await createLink(k, { label: "For Sam" });
    const page = await open(k, link.url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Preview: not published");
    expect(page.body).toContain("Draft words");
    expect(page.body).not.toContain("Live words");
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.headers["x-robots-tag"]).toBe("noindex");
    expect(page.headers["referrer-policy"]).toBe("no-referrer");
    expect(page.headers["content-security-policy"]).toContain("style-src");
    // The visitors' page is unchanged.
    expect((await k.app.inject({ method: "GET", url: "/" })).body).not.toContain("Draft words");
  });

  test("once the owner has a client, shows the automatic client sign-in link as the live page does", async () => {
    const k = await start();
    k.insert("SiteSettings", [{ _id: "site", name: "Sam" }]);
    const link = await createLink(k);
    createIdentityStore(k.db).insert({
      id: "client-1",
      email: "client@example.com",
      emailVerified: true,
      passwordHash: null,
      status: "ACTIVE",
      reasons: [],
      profile: {},
      now: Date.now(),
    });
    const live = (await k.app.inject({ method: "GET", url: "/" })).body;
    const preview = (await open(k, link.url)).body;
    expect(live).toContain('"showClientSignIn":true');
    expect(preview).toContain('"showClientSignIn":true');
  });

  test("forged Host, Origin and forwarded headers do not reach the link: its URL is PUBLIC_URL's", async () => {
    const k = await start();
    const link = await createLink(
      k,
      {},
      {
        host: "evil.example",
        origin: "https://evil.example",
        "x-forwarded-host": "evil.example",
        "x-forwarded-proto": "http",
      },
    );
    expect(link.url).toMatch(/^https:\/\/consultant\.example\/preview\/[A-Za-z0-9_-]{43}$/);
  });

  test("is listed without its secret, and the database keeps only a digest", async () => {
    const k = await start();
    const link = await createLink(k, { label: "For Sam", expiresInHours: 2 });
    const secret = link.url.split("/").pop() ?? "";
    const listed = await k.call("GET", "/api/preview-links");
    expect(listed.json()).toEqual({
      links: [
        {
          id: link.id,
          label: "For Sam",
          createdAt: new Date(k.clock.ms).toISOString(),
          expiresAt: new Date(k.clock.ms + 2 * HOUR).toISOString(),
          createdBy: "owner",
        },
      ],
    });
    expect(listed.body).not.toContain(secret);
    const rows = JSON.stringify(k.db.prepare("SELECT * FROM preview_links").all());
    expect(rows).not.toContain(secret);
  });

  test("expires: after its hours the same 404 page as an unknown secret", async () => {
    const k = await start();
    const link = await createLink(k, { expiresInHours: 1 });
    k.clock.ms += HOUR - 1;
    expect((await open(k, link.url)).statusCode).toBe(200);
    k.clock.ms += 1;
    const expired = await open(k, link.url);
    const unknown = await open(k, `/preview/${"A".repeat(43)}`);
    expect(expired.statusCode).toBe(404);
    expect(expired.body).toBe(unknown.body);
    expect(expired.body).not.toContain("Draft words");
    expect(expired.headers["content-type"]).toContain("text/html");
    expect((await k.call("GET", "/api/preview-links")).json()).toEqual({ links: [] });
  });

  test("revoked, stops at once (and revoking again is harmless)", async () => {
    const k = await start();
    const link = await createLink(k);
    expect((await open(k, link.url)).statusCode).toBe(200);
    expect((await k.call("DELETE", `/api/preview-links/${link.id}`)).statusCode).toBe(204);
    expect((await open(k, link.url)).statusCode).toBe(404);
    expect((await k.call("DELETE", `/api/preview-links/${link.id}`)).statusCode).toBe(204);
  });

  test("refuses a lifetime outside 1..720 hours and a label over 100 characters", async () => {
    const k = await start();
    for (const body of [
      { expiresInHours: 0 },
      { expiresInHours: 721 },
      { expiresInHours: 1.5 },
      { expiresInHours: "24" },
      { label: "x".repeat(101) },
      { label: 5 },
    ]) {
      const response = await k.call("POST", "/api/preview-links", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await k.call("GET", "/api/preview-links")).json()).toEqual({ links: [] });
  });

  test("cannot be made, listed or revoked without the owner's session and CSRF header", async () => {
    const k = await start();
    const link = await createLink(k);
    const anonymous = await k.app.inject({ method: "POST", url: "/admin/api/preview-links" });
    expect(anonymous.statusCode).toBe(401);
    expect(
      (await k.app.inject({ method: "GET", url: "/admin/api/preview-links" })).statusCode,
    ).toBe(401);
    const noCsrf = await k.asOwner(k.owner, {
      method: "DELETE",
      url: `/admin/api/preview-links/${link.id}`,
      csrf: false,
    });
    expect(noCsrf.statusCode).toBe(403);
    expect((await open(k, link.url)).statusCode).toBe(200);
  });
});

describe("guessing secrets", () => {
  test("one address is stopped at its limit, even with the right secret after, counted before the look-up", async () => {
    const k = await start();
    const link = await createLink(k);
    for (let guess = 0; guess < PREVIEW_ATTEMPTS; guess++) {
      const answer = await open(k, `/preview/${String(guess).padStart(43, "g")}`, "203.0.113.9");
      expect(answer.statusCode).toBe(404);
    }
    const stopped = await open(k, link.url, "203.0.113.9");
    expect(stopped.statusCode).toBe(429);
    expect(Number(stopped.headers["retry-after"])).toBeGreaterThan(0);
    expect(stopped.body).not.toContain("Draft words");
    // Malformed guesses count too.
    expect((await open(k, "/preview/short", "203.0.113.9")).statusCode).toBe(429);
  });

  test("many addresses are each stopped at their own limit; the real recipient still gets in", async () => {
    const k = await start();
    const link = await createLink(k);
    for (let address = 1; address <= 5; address++) {
      const answers: number[] = [];
      for (let guess = 0; guess <= PREVIEW_ATTEMPTS; guess++) {
        const secret = `${String(guess).padStart(40, "x")}a${address}z`.slice(-43);
        answers.push((await open(k, `/preview/${secret}`, `192.0.2.${address}`)).statusCode);
      }
      expect(answers.filter((status) => status === 404)).toHaveLength(PREVIEW_ATTEMPTS);
      expect(answers.at(-1)).toBe(429);
    }
    expect((await open(k, link.url, "198.51.100.77")).statusCode).toBe(200);
  }, 30_000);

  test("rotating addresses inside one IPv6 /64 shares that network's one count", async () => {
    const k = await start();
    const answers: number[] = [];
    for (let guess = 0; guess <= PREVIEW_ATTEMPTS; guess++) {
      const address = `2001:db8:1:2:${guess.toString(16)}::1`;
      answers.push((await open(k, `/preview/${"q".repeat(42)}${guess % 10}`, address)).statusCode);
    }
    expect(answers.at(-2)).toBe(404);
    expect(answers.at(-1)).toBe(429);
  });
});
