/**
 * Locking a member out with wrong passwords (docs/security.md, "Device cookies"): the
 * per-account limit still stops guessing, but only for browsers without the account's device
 * cookie; the cookie is signed with the store's key, so it cannot be forged or moved to
 * another account, and has a limit of its own.
 */
import type { LightMyRequestResponse } from "fastify";
import { afterEach, expect, test } from "vitest";
import { codeOf } from "../../main/test-kit/api.ts";
import { createMemberKit, type MemberKit, PASSWORD } from "../../main/test-kit/identity-kit.ts";
import { memberLoginFrom, setCookieOf } from "../../main/test-kit/sign-in-calls.ts";
import { MEMBER_KNOWN_DEVICE_COOKIE } from "../device-trust.ts";

const HOME = "192.0.2.10";
const ATTACKERS = ["203.0.113.1", "203.0.113.2", "203.0.113.3"];

let k: MemberKit;
afterEach(() => k.close());

async function kitWith(...emails: string[]): Promise<void> {
  k = await createMemberKit({ config: { requireEmailVerification: false } });
  for (const email of emails) await k.signUp(email);
}

function login(email: string, password: string, address: string, cookie?: string) {
  return memberLoginFrom(k.app, { email, password, address, cookie });
}

/** The device cookie of a browser at HOME that signed in to `email`. */
async function knownBrowserOf(email: string): Promise<string> {
  return setCookieOf(await login(email, PASSWORD, HOME), MEMBER_KNOWN_DEVICE_COOKIE);
}

/** 12 wrong passwords for `email`, four from each of three addresses. */
async function guessTwelveTimes(email: string): Promise<void> {
  for (let n = 0; n < 12; n++) {
    await login(email, `wrong guess ${n}`, ATTACKERS[n % 3] as string);
  }
}

function expectSignedIn(answer: LightMyRequestResponse): void {
  expect([answer.statusCode, codeOf(answer)]).toEqual([200, undefined]);
  expect(answer.json()).toMatchObject({ state: "SUCCESS" });
}

test("12 wrong passwords from 3 addresses do not keep a member, in a browser that signed in before, out", async () => {
  await kitWith("ada@example.com");
  const knownBrowser = await knownBrowserOf("ada@example.com");
  await guessTwelveTimes("ada@example.com");
  // The lockout holds for browsers the account has not signed in with.
  const stranger = await login("ada@example.com", PASSWORD, "198.51.100.7");
  expect([stranger.statusCode, codeOf(stranger)]).toEqual([429, "IDENTITY_THROTTLED"]);
  expectSignedIn(await login("ada@example.com", PASSWORD, HOME, knownBrowser));
  expectSignedIn(await login("ada@example.com", PASSWORD, "198.51.100.8", knownBrowser));
});

test("the device cookie is set on a sign-in only, HttpOnly, for a long while", async () => {
  await kitWith("ada@example.com");
  const wrong = await login("ada@example.com", "not the password", HOME);
  expect(String(wrong.headers["set-cookie"] ?? "")).not.toContain(MEMBER_KNOWN_DEVICE_COOKIE);
  const right = await login("ada@example.com", PASSWORD, HOME);
  const line = ([] as string[])
    .concat(right.headers["set-cookie"] ?? [])
    .find((entry) => entry.startsWith(`${MEMBER_KNOWN_DEVICE_COOKIE}=`));
  expect(line).toMatch(/; Path=\/; HttpOnly; SameSite=Lax; Max-Age=15552000$/);
});

test("a device cookie moved to another account exempts nothing there", async () => {
  await kitWith("ada@example.com", "eve@example.com");
  const evesBrowser = await knownBrowserOf("eve@example.com");
  await guessTwelveTimes("ada@example.com");
  const moved = await login("ada@example.com", PASSWORD, HOME, evesBrowser);
  expect([moved.statusCode, codeOf(moved)]).toEqual([429, "IDENTITY_THROTTLED"]);
});

test("a forged device cookie exempts nothing: another signature, another nonce, junk", async () => {
  await kitWith("ada@example.com");
  const knownBrowser = await knownBrowserOf("ada@example.com");
  await guessTwelveTimes("ada@example.com");
  const [name, value] = knownBrowser.split("=") as [string, string];
  const [nonce, signature] = value.split(".") as [string, string];
  const flipped = `${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`;
  for (const forged of [
    `${nonce}.${flipped}`,
    `${nonce.slice(0, -1)}x.${signature}`,
    `${nonce}.${signature}.extra`,
    `${nonce}`,
    "x".repeat(300),
  ]) {
    const answer = await login("ada@example.com", PASSWORD, HOME, `${name}=${forged}`);
    expect([answer.statusCode, codeOf(answer)]).toEqual([429, "IDENTITY_THROTTLED"]);
  }
});

test("guessing through a stolen device cookie is limited too: after 10 wrong passwords it exempts nothing", async () => {
  await kitWith("ada@example.com");
  const knownBrowser = await knownBrowserOf("ada@example.com");
  await guessTwelveTimes("ada@example.com");
  const answers: (string | undefined)[] = [];
  for (let n = 0; n < 12; n++) {
    answers.push(codeOf(await login("ada@example.com", `guess ${n}`, HOME, knownBrowser)));
  }
  expect(answers.slice(0, 10).every((code) => code === "-19976")).toBe(true);
  expect(answers.slice(10)).toEqual(["IDENTITY_THROTTLED", "IDENTITY_THROTTLED"]);
  const right = await login("ada@example.com", PASSWORD, HOME, knownBrowser);
  expect(codeOf(right)).toBe("IDENTITY_THROTTLED");
});
