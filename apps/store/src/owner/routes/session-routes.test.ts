import { afterEach, describe, expect, test } from "vitest";
import {
  createOwnerKit,
  OWNER_PASSWORD,
  type OwnerKit,
  sessionCookieOf,
} from "../../main/test-kit/owner-signed-in.ts";
import { createSemaphore } from "../../platform/limits/semaphore.ts";
import { hashToken } from "../../platform/secrets/secrets.ts";

let kit: OwnerKit;
afterEach(() => kit.app.close());

type ErrorBody = { message: string; details: { applicationError?: { code: string } } };
const MINUTE = 60_000;

describe("sign-in", () => {
  test("the right password starts a session with an HttpOnly, SameSite=Strict cookie", async () => {
    kit = await createOwnerKit();
    const response = await kit.signIn();
    expect(response.statusCode).toBe(200);
    const [cookie] = ([] as string[]).concat(response.headers["set-cookie"] ?? []);
    expect(cookie).toMatch(/^owner_session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict$/);
    expect(response.json()).toMatchObject({ signedIn: true, csrfToken: expect.any(String) });
  });

  test("the cookie is Secure when the request came through https", async () => {
    kit = await createOwnerKit();
    const response = await kit.app.inject({
      method: "POST",
      url: "/admin/api/sign-in",
      headers: { "x-forwarded-proto": "https" },
      payload: { password: OWNER_PASSWORD },
    });
    expect(String(response.headers["set-cookie"])).toContain("; Secure");
  });

  test("a wrong password answers 401 'Wrong password' and no cookie", async () => {
    kit = await createOwnerKit();
    const response = await kit.signIn("not the password at all");
    expect(response.statusCode).toBe(401);
    expect((response.json() as ErrorBody).message).toBe("Wrong password");
    expect(response.headers["set-cookie"]).toBeUndefined();
  });

  test("without a password set, any password gets the same 'Wrong password'", async () => {
    kit = await createOwnerKit({ password: null });
    const response = await kit.signIn(OWNER_PASSWORD);
    expect(response.statusCode).toBe(401);
    expect((response.json() as ErrorBody).message).toBe("Wrong password");
  });

  test("the sixth attempt after five failures is refused with 429, even with the right password", async () => {
    kit = await createOwnerKit();
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await kit.signIn("wrong password number x")).statusCode).toBe(401);
    }
    const response = await kit.signIn();
    expect(response.statusCode).toBe(429);
    expect(response.headers["retry-after"]).toBe(String(15 * 60));
    expect((response.json() as ErrorBody).details.applicationError?.code).toBe(
      "OWNER_SIGN_IN_LIMITED",
    );
  });

  test("failures from one address do not lock out another", async () => {
    kit = await createOwnerKit();
    for (let attempt = 0; attempt < 5; attempt++) await kit.signIn("wrong password x", "10.0.0.1");
    expect((await kit.signIn(OWNER_PASSWORD, "10.0.0.2")).statusCode).toBe(200);
  });

  describe("against parallel guessing", () => {
    const codeOf = (response: { json: () => unknown }) =>
      (response.json() as ErrorBody).details.applicationError?.code;

    test("20 wrong passwords sent at once get at most 5 verifications; the rest are refused", async () => {
      kit = await createOwnerKit({ passwordVerifications: createSemaphore(100) });
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, index) => kit.signIn(`wrong password number ${index}`)),
      );
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 401)).toHaveLength(5);
      const refused = responses.filter((response) => response.statusCode === 429);
      expect(refused).toHaveLength(15);
      expect(refused.every((response) => codeOf(response) === "OWNER_SIGN_IN_LIMITED")).toBe(true);
      expect((await kit.signIn()).statusCode).toBe(429);
    });

    test("a right password sent among parallel guesses clears the count once it succeeds", async () => {
      kit = await createOwnerKit({ passwordVerifications: createSemaphore(100) });
      const [right] = await Promise.all([
        kit.signIn(),
        kit.signIn("wrong password one"),
        kit.signIn("wrong password two"),
      ]);
      expect(right?.statusCode).toBe(200);
    });

    test("sign-ins beyond the verifications allowed at once get 429 with Retry-After, from any address", async () => {
      kit = await createOwnerKit({ passwordVerifications: createSemaphore(2) });
      const responses = await Promise.all(
        Array.from({ length: 10 }, (_, index) => kit.signIn("wrong password x", `10.1.0.${index}`)),
      );
      const verified = responses.filter((response) => response.statusCode === 401);
      const busy = responses.filter((response) => response.statusCode === 429);
      expect(verified.length).toBeLessThanOrEqual(2);
      expect(busy.length).toBe(10 - verified.length);
      expect(busy.every((response) => codeOf(response) === "SIGN_IN_BUSY")).toBe(true);
      expect(busy.every((response) => response.headers["retry-after"] === "1")).toBe(true);
    });

    test("a burst from one address is counted before any check: beyond 5, refused unchecked even while busy", async () => {
      kit = await createOwnerKit({ passwordVerifications: createSemaphore(1) });
      const burst = await Promise.all(
        Array.from({ length: 8 }, () => kit.signIn("wrong password x", "10.2.0.1")),
      );
      expect(burst.filter((response) => codeOf(response) === "OWNER_SIGN_IN_LIMITED")).toHaveLength(
        3,
      );
      expect((await kit.signIn(OWNER_PASSWORD, "10.2.0.1")).statusCode).toBe(429);
    });

    test("guesses spread over one IPv6 /64 share one limit", async () => {
      kit = await createOwnerKit({ passwordVerifications: createSemaphore(100) });
      await Promise.all(
        Array.from({ length: 5 }, (_, index) =>
          kit.signIn("wrong password x", `2001:db8:1:2::${index + 1}`),
        ),
      );
      expect((await kit.signIn(OWNER_PASSWORD, "2001:db8:1:2:ffff::9")).statusCode).toBe(429);
      expect((await kit.signIn(OWNER_PASSWORD, "2001:db8:1:3::1")).statusCode).toBe(200);
    });
  });

  describe("behind a reverse proxy", () => {
    const PROXY = "10.0.0.9";
    const throughProxy = (password: string, client: string, remoteAddress = PROXY) =>
      kit.app.inject({
        method: "POST",
        url: "/admin/api/sign-in",
        headers: { "x-forwarded-for": client },
        payload: { password },
        remoteAddress,
      });

    test("with TRUST_PROXY naming the proxy, each forwarded client has its own limit", async () => {
      kit = await createOwnerKit({ trustProxy: PROXY });
      for (let attempt = 0; attempt < 5; attempt++) await throughProxy("wrong x", "198.51.100.1");
      expect((await throughProxy(OWNER_PASSWORD, "198.51.100.1")).statusCode).toBe(429);
      expect((await throughProxy(OWNER_PASSWORD, "198.51.100.2")).statusCode).toBe(200);
    });

    test("with TRUST_PROXY=1, the address the proxy saw counts, not what the client wrote before it", async () => {
      kit = await createOwnerKit({ trustProxy: 1 });
      for (let attempt = 0; attempt < 5; attempt++) {
        await throughProxy("wrong x", `192.0.2.${attempt}, 198.51.100.1`);
      }
      expect((await throughProxy(OWNER_PASSWORD, "192.0.2.99, 198.51.100.1")).statusCode).toBe(429);
      expect((await throughProxy(OWNER_PASSWORD, "198.51.100.2")).statusCode).toBe(200);
    });

    test("a client that is not the trusted proxy cannot choose its address", async () => {
      kit = await createOwnerKit({ trustProxy: PROXY });
      for (let attempt = 0; attempt < 5; attempt++) {
        await throughProxy("wrong x", `198.51.100.${attempt}`, "192.0.2.50");
      }
      expect((await throughProxy(OWNER_PASSWORD, "198.51.100.99", "192.0.2.50")).statusCode).toBe(
        429,
      );
    });

    test("without TRUST_PROXY, every client behind the proxy shares the proxy's limit", async () => {
      kit = await createOwnerKit();
      for (let attempt = 0; attempt < 5; attempt++) await throughProxy("wrong x", "198.51.100.1");
      expect((await throughProxy(OWNER_PASSWORD, "198.51.100.2")).statusCode).toBe(429);
    });
  });

  test("sign-in works again once the failures are 15 minutes old", async () => {
    kit = await createOwnerKit();
    for (let attempt = 0; attempt < 5; attempt++) await kit.signIn("wrong password x");
    kit.clock.ms += 15 * MINUTE;
    expect((await kit.signIn()).statusCode).toBe(200);
  });

  test("the database keeps only a hash of the session id", async () => {
    kit = await createOwnerKit();
    const id = sessionCookieOf(await kit.signIn()).split("=")[1] ?? "";
    const rows = kit.db.prepare("SELECT id_hash FROM owner_sessions").all() as {
      id_hash: string;
    }[];
    expect(rows).toEqual([{ id_hash: hashToken(id) }]);
  });
});

describe("session", () => {
  test("reports signed out, and whether a password is set", async () => {
    kit = await createOwnerKit({ password: null });
    const response = await kit.app.inject({ method: "GET", url: "/admin/api/session" });
    expect(response.json()).toEqual({ signedIn: false, passwordSet: false });
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  test("ends after 30 minutes without a request", async () => {
    kit = await createOwnerKit();
    const owner = await kit.signedIn();
    kit.clock.ms += 30 * MINUTE;
    const response = await kit.asOwner(owner, { method: "GET", url: "/admin/api/session" });
    expect(response.json()).toMatchObject({ signedIn: false });
    expect(kit.db.prepare("SELECT count(*) AS n FROM owner_sessions").get()).toEqual({ n: 0 });
  });

  test("stays alive while requests keep coming", async () => {
    kit = await createOwnerKit();
    const owner = await kit.signedIn();
    for (let step = 0; step < 4; step++) {
      kit.clock.ms += 29 * MINUTE;
      const response = await kit.asOwner(owner, { method: "GET", url: "/admin/api/session" });
      expect(response.json()).toMatchObject({
        signedIn: true,
        expiresAt: new Date(kit.clock.ms + 30 * MINUTE).toISOString(),
      });
    }
  });

  test("the idle timeout follows the configuration", async () => {
    kit = await createOwnerKit({ owner: { sessionIdleMs: 5 * MINUTE } });
    const owner = await kit.signedIn();
    kit.clock.ms += 5 * MINUTE;
    const response = await kit.asOwner(owner, {
      method: "GET",
      url: "/admin/api/collections/About/items",
    });
    expect(response.statusCode).toBe(401);
  });

  test("sign-out ends the session and clears the cookie", async () => {
    kit = await createOwnerKit();
    const owner = await kit.signedIn();
    const response = await kit.asOwner(owner, { method: "POST", url: "/admin/api/sign-out" });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers["set-cookie"])).toContain("Max-Age=0");
    const after = await kit.asOwner(owner, {
      method: "GET",
      url: "/admin/api/collections/About/items",
    });
    expect(after.statusCode).toBe(401);
  });

  // The session record ends too; the row is the second lock a stolen cookie would have to pass.
  const sessionRows = () =>
    (kit.db.prepare("SELECT count(*) AS n FROM owner_sessions").get() as { n: number }).n;

  test("a cookie copied before sign-out finds no session row left to resume", async () => {
    kit = await createOwnerKit();
    const owner = await kit.signedIn();
    await kit.asOwner(owner, { method: "POST", url: "/admin/api/sign-out" });
    expect(sessionRows()).toBe(0);
  });

  test("cookies copied from every browser find no session row after sign out everywhere", async () => {
    kit = await createOwnerKit();
    const first = await kit.signedIn();
    const second = await kit.signedIn();
    expect(sessionRows()).toBe(2);
    const response = await kit.asOwner(second, {
      method: "POST",
      url: "/admin/api/sign-out-everywhere",
    });
    expect(response.statusCode).toBe(200);
    expect(sessionRows()).toBe(0);
    const replayed = await kit.asOwner(first, { method: "GET", url: "/admin/api/session" });
    expect(replayed.json()).toMatchObject({ signedIn: false });
  });
});

describe("CSRF", () => {
  test("sign-out without the CSRF token is refused and the session survives", async () => {
    kit = await createOwnerKit();
    const owner = await kit.signedIn();
    const response = await kit.asOwner(owner, {
      method: "POST",
      url: "/admin/api/sign-out",
      csrf: false,
    });
    expect(response.statusCode).toBe(403);
    const session = await kit.asOwner(owner, { method: "GET", url: "/admin/api/session" });
    expect(session.json()).toMatchObject({ signedIn: true });
  });

  test("a state change with another session's CSRF token is refused", async () => {
    kit = await createOwnerKit();
    const first = await kit.signedIn();
    const second = await kit.signedIn();
    const response = await kit.asOwner(
      { cookie: first.cookie, csrfToken: second.csrfToken },
      { method: "POST", url: "/admin/api/preview", payload: { collectionId: "About", items: [] } },
    );
    expect(response.statusCode).toBe(403);
    expect((response.json() as ErrorBody).details.applicationError?.code).toBe(
      "OWNER_CSRF_INVALID",
    );
  });

  test("reads need the session but not the CSRF token", async () => {
    kit = await createOwnerKit();
    const owner = await kit.signedIn();
    const response = await kit.asOwner(owner, {
      method: "GET",
      url: "/admin/api/collections/About/items",
      csrf: false,
    });
    expect(response.statusCode).toBe(200);
  });
});

describe("an unexpected failure", () => {
  test("answers 500 with the request id in the body, to find the logged cause", async () => {
    kit = await createOwnerKit();
    kit.db.close();
    const response = await kit.app.inject({ method: "GET", url: "/admin/api/session" });
    expect(response.statusCode).toBe(500);
    const requestId = response.headers["x-wix-request-id"];
    expect(requestId).toEqual(expect.any(String));
    const body = response.json() as ErrorBody & {
      details: { applicationError: { data: { requestId: string } } };
    };
    expect(body.message).toContain(String(requestId));
    expect(body.details.applicationError.data.requestId).toBe(requestId);
  });
});
