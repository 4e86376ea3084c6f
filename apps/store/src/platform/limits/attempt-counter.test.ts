/**
 * Ended windows do not pile up: a flood of addresses trying once each must not grow the table
 * for ever, and the clean-up is one delete a minute, not one per attempt.
 */
import { afterEach, beforeEach, expect, test } from "vitest";
import { openTestDb } from "../../main/test-kit/test-db.ts";
import type { Db } from "../db/sql-db.ts";
import { createAttemptCounter } from "./attempt-counter.ts";

let db: Db;
const clock = { ms: 0 };
beforeEach(() => {
  db = openTestDb();
  clock.ms = 1_000_000;
});
afterEach(() => db.close());

const rows = () => (db.prepare("SELECT count(*) AS n FROM rate_limits").get() as { n: number }).n;

function floodedCounter() {
  const counter = createAttemptCounter(db, {
    scope: "flood",
    max: 3,
    windowMs: 1_000,
    now: () => clock.ms,
  });
  for (let i = 0; i < 50; i++) counter.take(`198.51.100.${i}`);
  return counter;
}

test("addresses that tried once leave no rows once their windows ended and a minute passed", () => {
  const counter = floodedCounter();
  expect(rows()).toBe(50);
  clock.ms += 60_000;
  counter.take("203.0.113.1");
  expect(rows()).toBe(1);
});

test("ended windows are swept once a minute, not on every attempt", () => {
  const counter = floodedCounter();
  clock.ms += 2_000;
  counter.take("203.0.113.1");
  expect(rows()).toBe(51);
  clock.ms += 60_000 - 2_000 - 1;
  counter.take("203.0.113.2");
  expect(rows()).toBe(52);
  clock.ms += 1;
  counter.take("203.0.113.3");
  // .2's window (a second long) is still open; everything older is gone.
  expect(rows()).toBe(2);
});

test("another scope's rows are not swept", () => {
  const other = createAttemptCounter(db, {
    scope: "other",
    max: 3,
    windowMs: 1_000,
    now: () => clock.ms,
  });
  other.take("198.51.100.1");
  const counter = floodedCounter();
  clock.ms += 60_000;
  counter.take("203.0.113.1");
  expect(rows()).toBe(2);
});

test("used tells how many attempts the key's window holds, and none once it ended or for another key", () => {
  const counter = createAttemptCounter(db, {
    scope: "used",
    max: 5,
    windowMs: 1_000,
    now: () => clock.ms,
  });
  expect(counter.used("198.51.100.7")).toBe(0);
  counter.take("198.51.100.7");
  counter.take("198.51.100.7");
  expect(counter.used("198.51.100.7")).toBe(2);
  expect(counter.used("198.51.100.8")).toBe(0);
  clock.ms += 999;
  expect(counter.used("198.51.100.7")).toBe(2);
  clock.ms += 1;
  expect(counter.used("198.51.100.7")).toBe(0);
});
