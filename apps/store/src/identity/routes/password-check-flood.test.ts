/**
 * Member password concurrency cap: the owner's cap on password checks at once holds
 * for members' logins too, per process; beyond it 429 SIGN_IN_BUSY with Retry-After, not counted.
 */
import { afterEach, expect, test } from "vitest";
import { codeOf } from "../../main/test-kit/api.ts";
import { createMemberKit, type MemberKit, PASSWORD } from "../../main/test-kit/identity-kit.ts";
import { createSemaphore, type Semaphore } from "../../platform/limits/semaphore.ts";

const CAP = 2;
let k: MemberKit;
afterEach(() => k.close());

/** The store's semaphore, watched: the most slots ever taken at once. */
function watched(limit: number): Semaphore & { peak: number } {
  const inner = createSemaphore(limit);
  const watcher = {
    peak: 0,
    tryAcquire() {
      const release = inner.tryAcquire();
      watcher.peak = Math.max(watcher.peak, inner.inUse);
      return release;
    },
    get inUse() {
      return inner.inUse;
    },
    limit,
  };
  return watcher;
}

test("60 parallel logins from 60 addresses: 429 with Retry-After beyond the cap, never more checks at once", async () => {
  const checks = watched(CAP);
  k = await createMemberKit({}, { passwordVerifications: checks });
  await k.signUp("ada@example.com");
  const answers = await Promise.all(
    Array.from({ length: 60 }, (_, i) =>
      k.app.inject({
        method: "POST",
        url: "/_api/iam/authentication/v2/login",
        remoteAddress: `203.0.113.${i + 1}`,
        headers: { host: "store.test", "content-type": "application/json" },
        payload: JSON.stringify({
          loginId: { email: i % 2 === 0 ? "ada@example.com" : `nobody-${i}@example.com` },
          password: i === 0 ? PASSWORD : `wrong password ${i}`,
        }),
      }),
    ),
  );
  const busy = answers.filter((answer) => codeOf(answer) === "SIGN_IN_BUSY");
  expect(busy.length).toBeGreaterThan(0);
  for (const answer of busy) {
    expect(answer.statusCode).toBe(429);
    expect(answer.headers["retry-after"]).toBe("1");
  }
  expect(checks.peak).toBeLessThanOrEqual(CAP);
  expect(checks.inUse).toBe(0);
}, 30_000);
