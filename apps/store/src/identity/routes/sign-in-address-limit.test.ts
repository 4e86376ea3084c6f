/**
 * One address guessing passwords across many accounts meets the per-address sign-in limit, as
 * MEMBER_SIGN_IN_MAX_PER_ADDRESS sets it (30 in the window when unset): the attempt after the
 * last allowed one is refused even with the right password, while other addresses sign in.
 */
import { afterEach, expect, test } from "vitest";
import { codeOf } from "../../main/test-kit/api.ts";
import { createMemberKit, type MemberKit, PASSWORD } from "../../main/test-kit/identity-kit.ts";
import { readIdentityConfig } from "../identity-config.ts";

const ATTACKER = "198.51.100.66";
const ADA = "ada@example.com";
const LOGIN = "/_api/iam/authentication/v2/login";

let k: MemberKit | undefined;
afterEach(() => k?.close());

async function kitFor(env: NodeJS.ProcessEnv): Promise<MemberKit> {
  k = await createMemberKit({ config: readIdentityConfig(env) });
  await k.signUp(ADA);
  return k;
}

function signIn(kit: MemberKit, email: string, password: string, address = ATTACKER) {
  return kit.app.inject({
    method: "POST",
    url: LOGIN,
    remoteAddress: address,
    headers: { host: "store.test", "content-type": "application/json" },
    payload: JSON.stringify({ loginId: { email }, password }),
  });
}

/** `count` wrong guesses from the attacker's address, each at another (malformed) account. */
async function spray(kit: MemberKit, count: number) {
  for (let i = 0; i < count; i++) {
    const answer = await signIn(kit, `guess-${i}`, "password123");
    expect(answer.statusCode).not.toBe(429);
  }
}

test("a configured limit of 5: the sixth sign-in from one address is refused, even with the right password", async () => {
  const kit = await kitFor({ MEMBER_SIGN_IN_MAX_PER_ADDRESS: "5" });
  await spray(kit, 5);
  const sixth = await signIn(kit, ADA, PASSWORD);
  expect(sixth.statusCode).toBe(429);
  expect(codeOf(sixth)).toBe("IDENTITY_THROTTLED");
  const elsewhere = await signIn(kit, ADA, PASSWORD, "203.0.113.20");
  expect(elsewhere.statusCode).toBe(200);
});

test("unset, one address still gets 30 sign-ins in the window and the 31st is refused", async () => {
  const kit = await kitFor({});
  await spray(kit, 30);
  const refused = await signIn(kit, ADA, PASSWORD);
  expect(refused.statusCode).toBe(429);
  expect(codeOf(refused)).toBe("IDENTITY_THROTTLED");
});

test("a limit that is not a whole number of at least 1 stops the store at start", () => {
  for (const value of ["0", "-3", "ten", "2.5"]) {
    expect(() => readIdentityConfig({ MEMBER_SIGN_IN_MAX_PER_ADDRESS: value })).toThrow(
      /MEMBER_SIGN_IN_MAX_PER_ADDRESS must be a whole number/,
    );
  }
});
