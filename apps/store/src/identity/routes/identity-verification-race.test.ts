/**
 * A right code is checked against the live step, then the step is used up: between the two the
 * step can end (another node took it, or it expired). Nodes racing cannot be ordered in a test,
 * but expiry can: the step is made to expire after each read of the store's clock in turn, so
 * one verification lands between the check and the use. The step must not be spent once dead.
 */
import { afterEach, beforeEach, expect, test } from "vitest";
import { codeOf } from "../../main/test-kit/api.ts";
import { createMemberKit, type MemberKit, PASSWORD } from "../../main/test-kit/identity-kit.ts";
import { TTL } from "../identity-config.ts";

const REGISTER = "/_api/iam/authentication/v2/register";
const VERIFY = "/_api/iam/verification/v1/auth/verify";

let k: MemberKit;
beforeEach(async () => {
  k = await createMemberKit({ config: { registerMaxPerAddress: 100 } });
});
afterEach(() => k.close());

/** The store's clock reads `alive` for the first `reads` reads, then `dead`. */
function clockThatTurns(reads: number, alive: number, dead: number): () => void {
  let count = 0;
  Object.defineProperty(k.clock, "ms", {
    configurable: true,
    get: () => (count++ < reads ? alive : dead),
  });
  return () => {
    Object.defineProperty(k.clock, "ms", {
      configurable: true,
      writable: true,
      enumerable: true,
      value: dead,
    });
  };
}

test("a right code whose step expires between its check and its use is refused, not spent", async () => {
  const answers: string[] = [];
  for (let reads = 0; reads < 30 && answers.at(-1) !== "SUCCESS"; reads++) {
    const email = `member-${reads}@example.com`;
    const registered = await k.post(REGISTER, { loginId: { email }, password: PASSWORD });
    const stateToken = registered.json().stateToken;
    const code = await k.mailedCode(email);
    const expiry = k.clock.ms + TTL.state;
    const restore = clockThatTurns(reads, expiry - 1, expiry);
    const answer = await k.post(VERIFY, { stateToken, code });
    restore();
    answers.push(answer.statusCode === 200 ? answer.json().state : String(codeOf(answer)));
  }
  // Expired before the check: the step is gone. Between check and use: the code is refused.
  // After the use: the member is verified.
  const first = answers.indexOf("IDENTITY_CODE_INVALID");
  expect(answers.at(-1)).toBe("SUCCESS");
  expect(first).toBeGreaterThan(0);
  expect(answers.slice(0, first).every((a) => a === "IDENTITY_STATE_TOKEN_INVALID")).toBe(true);
  expect(answers.slice(first, -1).every((a) => a === "IDENTITY_CODE_INVALID")).toBe(true);
});
