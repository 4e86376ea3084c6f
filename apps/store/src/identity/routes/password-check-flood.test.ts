/**
 * Password-check floods (docs/security.md, "Password-check flood"): wrong passwords from many
 * addresses at once must neither run more argon2 checks at once than the process's cap nor keep
 * a member who has not been guessing out. Runs on SQLite, and on PostgreSQL in `npm test`'s
 * PostgreSQL pass (STORE_TEST_ADAPTER=postgres). The full size, 48 flooders × 256 addresses for
 * 4 s, is `npm run bench:reliability`'s; here the flood runs while the member signs in.
 */
import { afterEach, expect, test } from "vitest";
import { codeOf } from "../../main/test-kit/api.ts";
import { createMemberKit, type MemberKit, PASSWORD } from "../../main/test-kit/identity-kit.ts";
import { memberLoginFrom, setCookieOf } from "../../main/test-kit/sign-in-calls.ts";
import { createSemaphore, type Semaphore } from "../../platform/limits/semaphore.ts";
import { MEMBER_KNOWN_DEVICE_COOKIE } from "../device-trust.ts";

const CAP = 2;
const FLOODERS = 48;
const ADDRESSES = 256;
const ACCOUNTS = 20;
/** Flood answers before the member tries: the flood is in full swing by then. */
const WARM_UP_ANSWERS = 300;

let k: MemberKit;
afterEach(() => k.close());

/** The store's semaphore, watched: the most slots ever taken at once. */
function watched(limit: number): Semaphore & { peak: number } {
  const inner = createSemaphore(limit);
  const note = <T>(taken: T): T => {
    watcher.peak = Math.max(watcher.peak, inner.inUse);
    return taken;
  };
  const watcher = {
    peak: 0,
    tryAcquire: () => note(inner.tryAcquire()),
    acquire: async (rank: number, maxWaitMs: number) => note(await inner.acquire(rank, maxWaitMs)),
    get inUse() {
      return inner.inUse;
    },
    get waiting() {
      return inner.waiting;
    },
    limit,
  };
  return watcher;
}

function login(email: string, password: string, address: string, cookie?: string) {
  return memberLoginFrom(k.app, { email, password, address, cookie });
}

type Flood = { answers: string[]; stop: () => Promise<void> };

/** `FLOODERS` callers sending wrong passwords for the accounts, from `ADDRESSES` addresses. */
function startFlood(accounts: string[]): Flood {
  const answers: string[] = [];
  let running = true;
  let sent = 0;
  const flooder = async () => {
    while (running) {
      const n = sent++;
      const address = `198.18.${Math.floor((n % ADDRESSES) / 250)}.${(n % ADDRESSES) % 250}`;
      const answer = await login(accounts[n % accounts.length] as string, `guess ${n}`, address);
      answers.push(answer.statusCode === 200 ? "answered" : (codeOf(answer) ?? "other"));
    }
  };
  const flooders = Array.from({ length: FLOODERS }, flooder);
  return {
    answers,
    async stop() {
      running = false;
      await Promise.all(flooders);
    },
  };
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

test("60 parallel logins from 60 addresses never run more password checks at once than the cap", async () => {
  const checks = watched(CAP);
  k = await createMemberKit({}, { passwordVerifications: checks });
  await k.signUp("ada@example.com");
  const answers = await Promise.all(
    Array.from({ length: 60 }, (_, i) =>
      login(
        i % 2 === 0 ? "ada@example.com" : `nobody-${i}@example.com`,
        i === 0 ? PASSWORD : `wrong password ${i}`,
        `203.0.113.${i + 1}`,
      ),
    ),
  );
  for (const answer of answers.filter((a) => codeOf(a) === "SIGN_IN_BUSY")) {
    expect(answer.statusCode).toBe(429);
    expect(answer.headers["retry-after"]).toBe("1");
  }
  expect(checks.peak).toBeLessThanOrEqual(CAP);
  expect(checks.inUse).toBe(0);
  expect(checks.waiting).toBe(0);
}, 30_000);

test("a flood of wrong passwords from 256 addresses against 20 accounts does not keep a member out: a fresh browser and one that signed in before both sign in while it runs", async () => {
  // The limits per account and per address out of the way: every flood request asks for a
  // password check, as a flood spread over many e-mails and addresses would.
  k = await createMemberKit(
    {
      config: {
        requireEmailVerification: false,
        registerMaxPerAddress: 1_000,
        loginMaxPerEmail: 100_000,
        loginMaxPerAddress: 100_000,
      },
    },
    { passwordVerifications: createSemaphore(CAP) },
  );
  const accounts = Array.from({ length: ACCOUNTS }, (_, i) => `target-${i}@example.com`);
  for (const email of [...accounts, "ada@example.com"]) await k.signUp(email);
  const before = await login("ada@example.com", PASSWORD, "192.0.2.10");
  const knownBrowser = setCookieOf(before, MEMBER_KNOWN_DEVICE_COOKIE);

  const flood = startFlood(accounts);
  try {
    await until(() => flood.answers.length >= WARM_UP_ANSWERS);
    const [fresh, known] = await Promise.all([
      login("ada@example.com", PASSWORD, "192.0.2.77"),
      login("ada@example.com", PASSWORD, "192.0.2.10", knownBrowser),
    ]);
    const answeredBefore = flood.answers.length;
    await until(() => flood.answers.length > answeredBefore + FLOODERS);
    expect([fresh.statusCode, codeOf(fresh)]).toEqual([200, undefined]);
    expect(fresh.json()).toMatchObject({ state: "SUCCESS" });
    expect([known.statusCode, codeOf(known)]).toEqual([200, undefined]);
    expect(known.json()).toMatchObject({ state: "SUCCESS" });
  } finally {
    await flood.stop();
  }
  // The flood itself was turned away: most of it never reached a password check.
  const busy = flood.answers.filter((answer) => answer === "SIGN_IN_BUSY").length;
  expect(busy).toBeGreaterThan(flood.answers.length / 2);
}, 60_000);
