/**
 * The password screen against a range service that misbehaves, as an operator would meet it:
 * slow, failing, answering too much or with odd lines. A sign-up never hangs or breaks on it
 * (fail open), each failure is logged with its cause, the request asks for padded answers, and
 * the bundled list holds passwords only, not its own comment.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, test } from "vitest";
import { ApiError } from "../../platform/errors.ts";
import { COMMON_PASSWORDS_FILE } from "../../platform/store-paths.ts";
import { countInRange, createPasswordScreen, isCommonPassword } from "../breached-passwords.ts";

const PASSWORD = "a breached but long passphrase";
const SHA1 = createHash("sha1").update(PASSWORD).digest("hex").toUpperCase();
const SUFFIX = SHA1.slice(5);

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((done) => (server ? server.close(done) : done(undefined)));
  server = undefined;
});

type Answer = { status?: number; body?: string; never?: true };

/** A range service answering `answer`; it records each request's headers. */
async function rangeService(answer: Answer) {
  const headers: Record<string, string | string[] | undefined>[] = [];
  server = createServer((request, response) => {
    headers.push(request.headers);
    if (answer.never) return;
    response.writeHead(answer.status ?? 200).end(answer.body ?? "");
  });
  await new Promise<void>((done) => server?.listen(0, "127.0.0.1", done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, headers };
}

function screen(rangeUrl: string | null) {
  const warnings: { fields: { err?: unknown }; message: string }[] = [];
  const log = {
    warn: (fields: { err?: unknown }, message: string) => warnings.push({ fields, message }),
  };
  return { check: createPasswordScreen({ rangeUrl, log: log as never }).check, warnings };
}

const causeOf = (warning: { fields: { err?: unknown } } | undefined) =>
  (warning?.fields.err as Error | undefined)?.message;

describe("a range service that fails", () => {
  test("an error status lets the password through, logged with the status", async () => {
    const range = await rangeService({ status: 503, body: `${SUFFIX}:9` });
    const { check, warnings } = screen(range.url);
    await expect(check(PASSWORD)).resolves.toBeUndefined();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.message).toBe(
      "breached-password check unavailable; the password was allowed",
    );
    expect(causeOf(warnings[0])).toBe("range service answered 503");
  });

  test("a service that never answers does not hold the sign-up: allowed after its timeout", async () => {
    const range = await rangeService({ never: true });
    const { check, warnings } = screen(range.url);
    await expect(check(PASSWORD)).resolves.toBeUndefined();
    expect(warnings).toHaveLength(1);
  }, 10_000);

  test("an answer over 2,000,000 characters is not read: allowed, logged as too large", async () => {
    const range = await rangeService({ body: `${SUFFIX}:9\n`.padEnd(2_000_001, "0") });
    const { check, warnings } = screen(range.url);
    await expect(check(PASSWORD)).resolves.toBeUndefined();
    expect(causeOf(warnings[0])).toBe("range service answer too large");
  });

  test("an answer of exactly 2,000,000 characters is read", async () => {
    const range = await rangeService({ body: `${SUFFIX}:9\n`.padEnd(2_000_000, "0") });
    const { check, warnings } = screen(range.url);
    const refused = await check(PASSWORD).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: "PASSWORD_BREACHED" });
    expect(warnings).toEqual([]);
  });
});

describe("a range service that works", () => {
  test("is asked for a padded answer, and a listed password is refused with its count", async () => {
    const range = await rangeService({
      body: `0018A45C4D1DEF81644B54AB7F969B88D65:1\r\n${SUFFIX}:42`,
    });
    const { check, warnings } = screen(range.url);
    const refused = await check(PASSWORD).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({
      code: "PASSWORD_BREACHED",
      message: "This password appears in known data breaches: choose another",
      data: { reason: "breached", count: 42 },
    });
    expect(range.headers[0]?.["add-padding"]).toBe("true");
    expect(warnings).toEqual([]);
  });

  test("without a range service nothing is fetched and nothing is logged", async () => {
    const { check, warnings } = screen(null);
    await expect(check(PASSWORD)).resolves.toBeUndefined();
    expect(warnings).toEqual([]);
  });
});

describe("reading a range answer", () => {
  test("lines may be padded with spaces or end in CR; the hash in any case", () => {
    expect(countInRange(`  ${SUFFIX.toLowerCase()}:7 \r\nABC:1`, SUFFIX)).toBe(7);
  });

  test("a listed suffix with no readable count still counts as listed", () => {
    expect(countInRange(`${SUFFIX}:x`, SUFFIX)).toBe(1);
    expect(countInRange(`${SUFFIX}:0`, SUFFIX)).toBe(1);
    expect(countInRange("ABC:3", SUFFIX)).toBe(0);
  });
});

describe("the bundled list", () => {
  test("a common password is refused in any case, before any range service is asked", async () => {
    const range = await rangeService({ body: "" });
    const refused = await screen(range.url)
      .check("BaseBall")
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({
      code: "PASSWORD_TOO_COMMON",
      message: "This password is one of the most common passwords: choose another",
      data: { reason: "common" },
    });
    expect(range.headers).toEqual([]);
  });

  test("holds passwords only: neither its comment line nor an empty line is one", () => {
    const comment = readFileSync(COMMON_PASSWORDS_FILE, "utf8").split("\n")[0] ?? "";
    expect(comment.startsWith("#")).toBe(true);
    expect(isCommonPassword(comment)).toBe(false);
    expect(isCommonPassword("")).toBe(false);
  });
});
