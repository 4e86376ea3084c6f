/**
 * What a throttled caller is told: an attacker spreading password guesses at one member over
 * many addresses meets the per-e-mail limit, and the refusal says, in its header, its data and
 * its message alike, how long the window still runs; the right password gets nowhere meanwhile.
 */

import type { LightMyRequestResponse } from "fastify";
import { afterEach, beforeEach, expect, test } from "vitest";
import { codeOf } from "../../main/test-kit/api.ts";
import { createMemberKit, type MemberKit, PASSWORD } from "../../main/test-kit/identity-kit.ts";

const ADA = "ada@example.com";
const GUESSES_PER_EMAIL = 2;
const WINDOW_SECONDS = 90;

let k: MemberKit;
beforeEach(async () => {
  k = await createMemberKit({
    config: { loginMaxPerEmail: GUESSES_PER_EMAIL, limitWindowMs: WINDOW_SECONDS * 1000 },
  });
  await k.signUp(ADA);
});
afterEach(() => k.close());

let nextAddress = 1;
/** A sign-in from an address not used before, as a botnet spreads its guesses. */
const signInFromElsewhere = (password: string) =>
  k.app.inject({
    method: "POST",
    url: "/_api/iam/authentication/v2/login",
    remoteAddress: `198.51.100.${nextAddress++}`,
    headers: { host: "store.test", "content-type": "application/json" },
    payload: JSON.stringify({ loginId: { email: ADA }, password }),
  });

function waitTold(response: LightMyRequestResponse) {
  const body = response.json() as {
    message: string;
    details: { applicationError: { data: { retryAfterSeconds?: unknown } } };
  };
  return {
    header: response.headers["retry-after"],
    data: body.details.applicationError.data.retryAfterSeconds,
    message: body.message,
  };
}

const toldToWait = (seconds: number) => ({
  header: String(seconds),
  data: seconds,
  message: `Too many attempts. Try again in ${seconds} seconds.`,
});

test("guesses spread over addresses meet the e-mail's limit, which names the seconds left in its window", async () => {
  for (let i = 0; i < GUESSES_PER_EMAIL; i++) {
    expect(codeOf(await signInFromElsewhere("wrong guess 1"))).toBe("-19976"); // WRONG_EMAIL_OR_PASSWORD;
  }
  const refused = await signInFromElsewhere(PASSWORD);
  expect(refused.statusCode).toBe(429);
  expect(codeOf(refused)).toBe("IDENTITY_THROTTLED");
  expect(refused.json()).not.toHaveProperty("sessionToken");
  expect(waitTold(refused)).toEqual(toldToWait(WINDOW_SECONDS));

  k.clock.ms += 30_000;
  expect(waitTold(await signInFromElsewhere(PASSWORD))).toEqual(toldToWait(WINDOW_SECONDS - 30));

  k.clock.ms += (WINDOW_SECONDS - 30) * 1000;
  const after = await signInFromElsewhere(PASSWORD);
  expect(after.statusCode).toBe(200);
  expect(after.json()).toMatchObject({ state: "SUCCESS" });
});
