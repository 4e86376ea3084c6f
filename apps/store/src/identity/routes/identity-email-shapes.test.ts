/**
 * Sign-ups with an address the store must not take: not text at all, a second address smuggled
 * onto a second line or behind a second @, or longer than an address can be. Each is refused with
 * the e-mail field's violation, stores no one and mails no one; the longest real address is kept.
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { violatedFields } from "../../main/test-kit/api.ts";
import { createMemberKit, type MemberKit, PASSWORD } from "../../main/test-kit/identity-kit.ts";

/** The longest address RFC 5321 lets a mail server take. */
const LONGEST = 254;

let k: MemberKit;
beforeEach(async () => {
  k = await createMemberKit();
});
afterEach(() => k.close());

const register = (email: unknown) =>
  k.post("/_api/iam/authentication/v2/register", { loginId: { email }, password: PASSWORD });

const memberCount = () =>
  Number((k.db.prepare("SELECT count(*) AS n FROM identities").get() as { n: number }).n);

/** An address of `length` characters: ada@ a host under example.com of DNS-sized labels. */
function addressOfLength(length: number): string {
  let host = "example.com";
  while (`ada@${host}`.length < length) {
    const room = length - `ada@${host}`.length - ".".length;
    host = `${"d".repeat(Math.max(1, Math.min(63, room)))}.${host}`;
  }
  return `ada@${host}`;
}

async function expectRefusedUnstored(email: unknown) {
  const response = await register(email);
  expect(response.statusCode).toBe(400);
  expect(violatedFields(response)).toEqual(["loginId.email"]);
  expect(memberCount()).toBe(0);
  expect(k.smtp.received).toEqual([]);
}

describe("refused, with no one stored or mailed", () => {
  test.each([
    ["a number", 42],
    ["an object", { address: "ada@example.com" }],
    ["a list", ["ada@example.com"]],
    ["true", true],
  ])("an address that is %s", async (_, email) => {
    await expectRefusedUnstored(email);
  });

  test.each([
    ["a second line after it", "ada@example.com\nbcc@evil.example"],
    ["a second line before it", "bcc@evil.example\nada@example.com"],
    ["a second @ after it", "ada@example.com@evil.example"],
    ["a second @ before it", "eve@evil@example.com"],
  ])("an address with %s", async (_, email) => {
    await expectRefusedUnstored(email);
  });

  test("an address one character longer than the longest", async () => {
    const email = addressOfLength(LONGEST + 1);
    expect(email).toHaveLength(LONGEST + 1);
    await expectRefusedUnstored(email);
  });
});

test("the longest address is taken and signs in", async () => {
  // Without the mailed code: the test's SMTP server takes paths one character shorter.
  await k.close();
  k = await createMemberKit({ config: { requireEmailVerification: false } });
  const email = addressOfLength(LONGEST);
  expect(email).toHaveLength(LONGEST);
  await k.signUp(email);
  expect(memberCount()).toBe(1);
  const login = await k.post("/_api/iam/authentication/v2/login", {
    loginId: { email },
    password: PASSWORD,
  });
  expect(login.json()).toMatchObject({ state: "SUCCESS" });
});
