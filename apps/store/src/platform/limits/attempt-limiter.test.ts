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

const limiter = (scope = "test", max = 2) =>
  createAttemptLimiter(db, { scope, max, windowMs: 10_000, now: () => clock.ms });

test("a full key refuses the attempt and counts it for none of the keys", () => {
  const limits = limiter();
  expect([limits.take("address"), limits.take("address")]).toEqual([0, 0]);
  expect(limits.take("address", "email")).toBe(10);
  // The refused attempt did not count for the e-mail: two are still allowed.
  expect([limits.take("email"), limits.take("email"), limits.take("email")]).toEqual([0, 0, 10]);
});

test("the window ends, then attempts are counted afresh; a reset forgets at once", () => {
  const limits = limiter();
  limits.take("k");
  clock.ms = 4_000;
  limits.take("k");
  expect(limits.take("k")).toBe(6);
  clock.ms = 10_000;
  expect([limits.take("k"), limits.take("k"), limits.take("k")]).toEqual([0, 0, 10]);
  limits.reset("k");
  expect(limits.take("k")).toBe(0);
});

test("scopes count apart, and the table keeps digests, not the keys", () => {
  const login = limiter("login", 1);
  const register = limiter("register", 1);
  expect([login.take("ada@example.com"), register.take("ada@example.com")]).toEqual([0, 0]);
  expect(login.take("ada@example.com")).toBeGreaterThan(0);
  const keys = db.prepare<[], { key: string }>("SELECT key FROM rate_limits").all();
  expect(keys).toHaveLength(2);
  for (const { key } of keys) expect(key).not.toContain("ada");
});
