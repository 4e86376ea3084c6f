/**
 * One attempt against several keys (a sign-in counts its address and its e-mail): each key is
 * counted, a key given twice is counted once, a database fault is not taken for "allowed", and a
 * refused attempt still forgets the windows that ended.
 */
import { afterEach, beforeEach, expect, test } from "vitest";
import { openTestDb } from "../../main/test-kit/test-db.ts";
import type { Db } from "../db/sql-db.ts";
import { createAttemptLimiter } from "./attempt-limiter.ts";

let db: Db;
const clock = { ms: 0 };
beforeEach(() => {
  db = openTestDb();
  clock.ms = 0;
});
afterEach(() => db.close());

const limiter = (max = 2) =>
  createAttemptLimiter(db, { scope: "test", max, windowMs: 10_000, now: () => clock.ms });

const rows = () =>
  (db.prepare("SELECT COUNT(*) AS n FROM rate_limits").get() as { n: number | string }).n;

test("guesses sent with an address and an e-mail are counted against both", () => {
  const limits = limiter();
  expect([limits.take("address", "email"), limits.take("address", "email")]).toEqual([0, 0]);
  expect(limits.take("address", "email")).toBe(10);
  // Each key alone is full too: a new e-mail from the address, the e-mail from a new address.
  expect(limits.take("address", "other-email")).toBe(10);
  expect(limits.take("other-address", "email")).toBe(10);
  expect(limits.take("email")).toBe(10);
});

test("a key named twice in one attempt is counted once", () => {
  const limits = limiter();
  expect(limits.take("email", "email")).toBe(0);
  expect(limits.take("email")).toBe(0);
  expect(limits.take("email")).toBe(10);
});

test("a database fault while counting is thrown, not answered as an allowed attempt", () => {
  const broken = openTestDb();
  const limits = createAttemptLimiter(broken, {
    scope: "test",
    max: 2,
    windowMs: 10_000,
    now: () => clock.ms,
  });
  broken.prepare("DROP TABLE rate_limits").run();
  expect(() => limits.take("address", "email")).toThrow();
  broken.close();
});

test("a refused attempt of one key still forgets the windows that ended", () => {
  const limits = createAttemptLimiter(db, {
    scope: "test",
    max: 1,
    windowMs: 100_000,
    now: () => clock.ms,
  });
  limits.take("old");
  clock.ms = 50_000;
  limits.take("full");
  clock.ms = 120_000;
  expect(limits.take("full")).toBe(30);
  // Only the window still running is kept: the ended one of "old" is gone.
  expect(Number(rows())).toBe(1);
});
