/**
 * Locking the owner out of the editor with wrong passwords (docs/security.md, "Device
 * cookies"): no e-mail is needed to name the owner, so anyone could; the per-account limit
 * holds only for browsers without the owner's device cookie.
 */
import { afterEach, expect, test } from "vitest";
import { EDITOR_KNOWN_DEVICE_COOKIE } from "../../identity/index.ts";
import { codeOf } from "../../main/test-kit/api.ts";
import {
  createOwnerKit,
  OWNER_PASSWORD,
  type OwnerKit,
} from "../../main/test-kit/owner-signed-in.ts";
import { editorSignInFrom, setCookieOf } from "../../main/test-kit/sign-in-calls.ts";
import { createSemaphore } from "../../platform/limits/semaphore.ts";

const HOME = "192.0.2.10";
const ATTACKERS = ["203.0.113.1", "203.0.113.2", "203.0.113.3"];

let kit: OwnerKit;
afterEach(() => kit.app.close());

function signIn(password: string, address: string, cookie?: string) {
  return editorSignInFrom(kit.app, { password, address, cookie });
}

/** The device cookie of the owner's browser at HOME after a sign-in. */
async function ownersBrowser(): Promise<string> {
  const answer = await signIn(OWNER_PASSWORD, HOME);
  expect(answer.statusCode).toBe(200);
  return setCookieOf(answer, EDITOR_KNOWN_DEVICE_COOKIE);
}

async function guessTwelveTimes(): Promise<void> {
  for (let n = 0; n < 12; n++) await signIn(`wrong guess ${n}`, ATTACKERS[n % 3] as string);
}

test("12 wrong passwords from 3 addresses do not keep the owner, in a browser that signed in before, out", async () => {
  kit = await createOwnerKit();
  const browser = await ownersBrowser();
  await guessTwelveTimes();
  const stranger = await signIn(OWNER_PASSWORD, "198.51.100.7");
  expect([stranger.statusCode, codeOf(stranger)]).toEqual([429, "IDENTITY_THROTTLED"]);
  const owner = await signIn(OWNER_PASSWORD, HOME, browser);
  expect(owner.statusCode).toBe(200);
  expect(owner.json()).toMatchObject({ signedIn: true, role: "owner" });
});

test("the editor's device cookie is Strict, HttpOnly and for /admin only, and comes after the session cookie", async () => {
  kit = await createOwnerKit();
  const answer = await signIn(OWNER_PASSWORD, HOME);
  const lines = ([] as string[]).concat(answer.headers["set-cookie"] ?? []);
  expect(lines[0]).toMatch(/^owner_session=/);
  expect(lines[1]).toMatch(
    new RegExp(
      `^${EDITOR_KNOWN_DEVICE_COOKIE}=[\\w-]+\\.[\\w-]+; Path=/admin; HttpOnly; SameSite=Strict; Max-Age=\\d+$`,
    ),
  );
});

test("a forged editor device cookie exempts nothing", async () => {
  kit = await createOwnerKit();
  const browser = await ownersBrowser();
  await guessTwelveTimes();
  const [name, value] = browser.split("=") as [string, string];
  const [nonce] = value.split(".") as [string];
  const answer = await signIn(OWNER_PASSWORD, HOME, `${name}=${nonce}.${"A".repeat(43)}`);
  expect([answer.statusCode, codeOf(answer)]).toEqual([429, "IDENTITY_THROTTLED"]);
});

test("while others' checks fill the capacity, the owner's right password waits its turn instead of being turned away", async () => {
  kit = await createOwnerKit({ passwordVerifications: createSemaphore(1) });
  const [stranger, owner] = await Promise.all([
    editorSignInFrom(kit.app, {
      password: "a guess",
      address: "198.51.100.1",
      email: "nobody@example.com",
    }),
    signIn(OWNER_PASSWORD, "198.51.100.2"),
  ]);
  expect(stranger?.statusCode).toBe(401);
  expect(owner?.statusCode).toBe(200);
});
