import type { FastifyRequest } from "fastify";
import { describe, expect, test } from "vitest";
import { isHttpsRequest, readCookie } from "./cookies.ts";

describe("the owner's session cookie, read from a Cookie header", () => {
  test.each<[string | undefined, string | null]>([
    [undefined, null],
    ["owner_session=abc", "abc"],
    // Another site's cookies come first; only the one named is read.
    ["theme=dark; owner_session=abc", "abc"],
    ["owner_session_old=x; owner_session=abc", "abc"],
    // A part without "=" that looks like the name plus one character is no cookie of ours.
    ["owner_session_; owner_session=abc", "abc"],
    ["owner_session= abc ", "abc"],
    ["owner_session=", null],
    ["theme=dark", null],
  ])("%j holds %j", (header, expected) => {
    expect(readCookie(header, "owner_session")).toBe(expected);
  });
});

describe("whether a request came over https (the cookie's Secure flag)", () => {
  const request = (protocol: string, forwarded?: string | string[]) =>
    ({
      protocol,
      headers: forwarded === undefined ? {} : { "x-forwarded-proto": forwarded },
    }) as unknown as FastifyRequest;

  test.each<[string, string | string[] | undefined, boolean]>([
    ["https", undefined, true],
    ["http", undefined, false],
    ["http", "https", true],
    ["http", "HTTPS", true],
    // The first proxy's word counts: the client's own hop.
    ["http", "https , http", true],
    ["http", "http, https", false],
    ["http", ["https", "http"], true],
  ])("%s with X-Forwarded-Proto %j: %s", (protocol, forwarded, expected) => {
    expect(isHttpsRequest(request(protocol, forwarded))).toBe(expected);
  });
});
