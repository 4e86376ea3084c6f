/**
 * The origin of the store's links without PUBLIC_URL: only a developer on this machine
 * (the connection, the client behind a proxy and the Host all loopback) gets one; anything else
 * a request says about itself is no origin. And the member cookies: bounded, Secure over HTTPS.
 */
import type { FastifyRequest } from "fastify";
import { afterEach, describe, expect, test } from "vitest";
import { codeOf } from "../../main/test-kit/api.ts";
import { createMemberKit, type MemberKit } from "../../main/test-kit/identity-kit.ts";
import {
  configuredOrigin,
  isLoopbackAddress,
  isLoopbackHost,
  memberCookie,
  passkeyOrigin,
  readMemberCookie,
  siteAddressOrigin,
} from "./request-origin.ts";

describe("loopback addresses", () => {
  test("a connection without an address (a closed socket) is not this machine", () => {
    expect(isLoopbackAddress(undefined)).toBe(false);
  });

  test.each(["127.0.0.1", "127.10.200.30", "::1", "::ffff:127.0.0.1", "::FFFF:127.0.0.1"])(
    "%s is this machine",
    (address) => {
      expect(isLoopbackAddress(address)).toBe(true);
    },
  );

  // What a forged X-Forwarded-For may name, read as the client's address behind a trusted proxy.
  test.each([
    "203.0.113.7",
    "2001:db8::ffff:127.0.0.1",
    // IPv6 with "::ffff:" inside, not in front: stripped there, the rest would read 127.0.0.1.
    "12::ffff:7.0.0.1",
    "64:ff9b::127.0.0.1",
    "10.127.0.0.1",
    "127.0.0.1.evil.example",
    "127.0.0.1000",
    "",
  ])("%s is not this machine", (address) => {
    expect(isLoopbackAddress(address)).toBe(false);
  });
});

describe("loopback host names", () => {
  test.each(["localhost", "LOCALHOST", "dev.localhost", "127.0.0.1", "127.10.200.30", "[::1]"])(
    "%s can only mean this machine",
    (hostname) => {
      expect(isLoopbackHost(hostname)).toBe(true);
    },
  );

  // A forged Host from a developer's own browser (DNS rebinding) must not become a link.
  test.each([
    "evillocalhost",
    "localhost.evil.example",
    "dev.localhost.evil.example",
    ".localhost",
    "127.0.0.1.evil.example",
    "127.0.0.a",
    "evil.example",
    "[::2]",
  ])("%s is not this machine", (hostname) => {
    expect(isLoopbackHost(hostname)).toBe(false);
  });
});

describe("the origin of links without PUBLIC_URL", () => {
  let k: MemberKit;
  afterEach(() => k.close());

  const redirectSession = async (headers: Record<string, string>, remoteAddress?: string) =>
    k.app.inject({
      method: "POST",
      url: "/_api/redirects-api/v1/redirect-session",
      ...(remoteAddress === undefined ? {} : { remoteAddress }),
      headers: { "content-type": "application/json", authorization: await k.token(), ...headers },
      payload: JSON.stringify({ login: {} }),
    });

  test("a developer on this machine gets a sign-in page on the loopback origin", async () => {
    k = await createMemberKit({ config: { publicUrl: null } });
    const response = await redirectSession({ host: "localhost:8080" });
    expect(response.statusCode).toBe(200);
    expect(new URL(response.json().redirectSession.fullUrl).origin).toBe("http://localhost:8080");
  });

  test("a request from another machine claiming Host: localhost gets no link", async () => {
    k = await createMemberKit({ config: { publicUrl: null } });
    const response = await redirectSession({ host: "localhost:8080" }, "203.0.113.7");
    expect(codeOf(response)).toBe("PUBLIC_URL_REQUIRED");
    expect(response.body).not.toContain("localhost:8080");
  });

  test("behind a proxy on this machine, a client elsewhere gets no loopback link", async () => {
    k = await createMemberKit({ config: { publicUrl: null } }, { trustProxy: "loopback" });
    const response = await redirectSession({
      host: "localhost:8080",
      "x-forwarded-for": "203.0.113.7",
    });
    expect(codeOf(response)).toBe("PUBLIC_URL_REQUIRED");
  });

  test("an unparsable Host from this machine gets no link, and no crash", async () => {
    k = await createMemberKit({ config: { publicUrl: null } });
    const response = await redirectSession({ host: "localhost:99999" });
    expect(response.statusCode).toBe(503);
    expect(codeOf(response)).toBe("PUBLIC_URL_REQUIRED");
  });
});

describe("the origin without a request, and the origin a passkey answer must come from", () => {
  const settings = (publicUrl: string | null, site: string | null = null) => ({
    config: { publicUrl },
    siteAddress: () => site,
  });
  /** A request from `remote` (the client `ip` behind a proxy) to a store listening on `port`. */
  const from = (remote: string, ip = remote, port: number | null = 8080) =>
    ({
      raw: { socket: { remoteAddress: remote } },
      ip,
      headers: { host: "attacker.example" },
      server: { server: { address: () => (port === null ? null : { port }) } },
    }) as unknown as FastifyRequest;

  test("PUBLIC_URL wins over the site's address, which serves alone; with neither there is none", () => {
    expect(configuredOrigin(settings("https://a.example", "https://b.example"))).toBe(
      "https://a.example",
    );
    expect(configuredOrigin(settings(null, "https://b.example"))).toBe("https://b.example");
    expect(configuredOrigin(settings(null))).toBeNull();
    expect(configuredOrigin({ config: { publicUrl: null } })).toBeNull();
  });

  test("the site's address counts only as an http(s) origin, trimmed", () => {
    expect(siteAddressOrigin("  https://consultant.example/about?x=1 ")).toBe(
      "https://consultant.example",
    );
    expect(siteAddressOrigin("http://consultant.example:8080/")).toBe(
      "http://consultant.example:8080",
    );
    for (const notOne of [undefined, 42, "", "  ", "not an address", "ftp://consultant.example"]) {
      expect(siteAddressOrigin(notOne)).toBeNull();
    }
  });

  test("a passkey answer comes from PUBLIC_URL, else from localhost at the store's port, never from the Host or elsewhere", () => {
    expect(passkeyOrigin(settings("https://a.example"), from("203.0.113.7"))).toBe(
      "https://a.example",
    );
    expect(passkeyOrigin(settings(null), from("127.0.0.1"))).toBe("http://localhost:8080");
    expect(passkeyOrigin(settings(null), from("::1", "::1", null))).toBe("http://localhost");
    for (const [remote, ip] of [
      ["203.0.113.7", "203.0.113.7"],
      ["127.0.0.1", "203.0.113.7"],
      ["203.0.113.7", "127.0.0.1"],
    ] as const) {
      expect(() => passkeyOrigin(settings(null), from(remote, ip))).toThrow(
        expect.objectContaining({ code: "PUBLIC_URL_REQUIRED" }),
      );
    }
  });
});

describe("member cookies", () => {
  const requestWith = (headers: Record<string, string>, protocol = "http") =>
    ({ headers, protocol }) as unknown as FastifyRequest;

  test("a cookie over 512 characters is not read (no lookup of unbounded values)", () => {
    const at = (length: number) =>
      readMemberCookie(
        requestWith({ cookie: `member_session=${"a".repeat(length)}` }),
        "member_session",
      );
    expect(at(512)).toBe("a".repeat(512));
    expect(at(513)).toBeUndefined();
    expect(readMemberCookie(requestWith({}), "member_session")).toBeUndefined();
  });

  test("behind an HTTPS proxy the cookie is Secure; over plain HTTP on this machine it is not", () => {
    const secure = memberCookie(
      requestWith({ "x-forwarded-proto": "https" }),
      "member_session",
      "v",
      90_000,
    );
    expect(secure).toBe("member_session=v; Path=/; HttpOnly; SameSite=Lax; Max-Age=90; Secure");
    const plain = memberCookie(requestWith({}), "member_session", "v", 90_500);
    expect(plain).toBe("member_session=v; Path=/; HttpOnly; SameSite=Lax; Max-Age=90");
  });
});
