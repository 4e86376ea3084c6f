import { afterEach, beforeEach, expect, test } from "vitest";
import { openTestDb } from "../main/test-kit/test-db.ts";
import type { Db } from "../platform/db/sql-db.ts";
import { createOwnerCredentials } from "./credentials.ts";

let db: Db;
beforeEach(() => {
  db = openTestDb();
});
afterEach(() => db.close());

test("a new setup link ends the earlier one on one node", () => {
  const credentials = createOwnerCredentials(db, Date.now);
  const first = credentials.createSetupToken(60_000);
  const second = credentials.createSetupToken(60_000);
  expect(credentials.consumeSetupToken(first)).toBe(false);
  expect(credentials.consumeSetupToken(second)).toBe(true);
});

test("each node's setup link works until used, expired or a password is set", () => {
  const clock = { ms: 1_000 };
  const credentials = createOwnerCredentials(db, () => clock.ms);
  const nodeA = credentials.createSetupToken(60_000, { keepOthers: true });
  const nodeB = credentials.createSetupToken(60_000, { keepOthers: true });
  expect(credentials.consumeSetupToken(nodeA)).toBe(true);
  expect(credentials.consumeSetupToken(nodeA)).toBe(false);
  const nodeC = credentials.createSetupToken(60_000, { keepOthers: true });
  credentials.setPasswordHash("$argon2id$stand-in");
  expect(credentials.consumeSetupToken(nodeB)).toBe(false);
  expect(credentials.consumeSetupToken(nodeC)).toBe(false);
  clock.ms += 120_000;
  const late = credentials.createSetupToken(60_000, { keepOthers: true });
  clock.ms += 60_000;
  expect(credentials.consumeSetupToken(late)).toBe(false);
});
