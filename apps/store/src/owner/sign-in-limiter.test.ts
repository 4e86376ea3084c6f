import { afterEach, expect, test } from "vitest";
import { openTestDb } from "../main/test-kit/test-db.ts";
import type { Db } from "../platform/db/sql-db.ts";
import { createSignInLimiter } from "./sign-in-limiter.ts";

const opened: Db[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

function limiter() {
  const clock = { ms: 0 };
  const db = openTestDb();
  opened.push(db);
  return {
    clock,
    limiter: createSignInLimiter(db, { maxFailures: 3, windowMs: 1000, now: () => clock.ms }),
  };
}

test("allows attempts until the failures reach the limit", () => {
  const { limiter: l } = limiter();
  l.recordFailure("a");
  l.recordFailure("a");
  expect(l.retryAfterSeconds("a")).toBe(0);
  l.recordFailure("a");
  expect(l.retryAfterSeconds("a")).toBe(1);
});

test("the wait ends when the window that the first counted failure opened ends", () => {
  const { clock, limiter: l } = limiter();
  for (const at of [0, 400, 800]) {
    clock.ms = at;
    l.recordFailure("a");
  }
  clock.ms = 999;
  expect(l.retryAfterSeconds("a")).toBe(1);
  clock.ms = 1000;
  expect(l.retryAfterSeconds("a")).toBe(0);
});

test("a reset forgets the address's failures", () => {
  const { limiter: l } = limiter();
  for (let i = 0; i < 3; i++) l.recordFailure("a");
  l.reset("a");
  expect(l.retryAfterSeconds("a")).toBe(0);
});

test("beginning an attempt counts it at once, and a full count turns the next one away", () => {
  const { limiter: l } = limiter();
  expect([l.beginAttempt("a"), l.beginAttempt("a"), l.beginAttempt("a")]).toEqual([0, 0, 0]);
  expect(l.beginAttempt("a")).toBe(1);
  l.reset("a");
  expect(l.beginAttempt("a")).toBe(0);
});
