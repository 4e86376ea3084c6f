import { afterEach, describe, expect, test } from "vitest";
import { openTestDb } from "../main/test-kit/test-db.ts";
import type { Db } from "../platform/db/sql-db.ts";
import { createDailySalts, visitorId } from "./visitor-id.ts";

let db: Db;
afterEach(() => db.close());

const someone = { site: "consultant.example", address: "198.51.100.1", userAgent: "Firefox" };

function storedSalts(): { day: string; salt: string }[] {
  return db.prepare("SELECT day, salt FROM analytics_salts ORDER BY day").all() as {
    day: string;
    salt: string;
  }[];
}

describe("the daily visitor id", () => {
  test("is a keyed hash: the same visitor alike within a day, another address, agent or site not", () => {
    db = openTestDb();
    const salt = createDailySalts(db).saltFor("2025-03-01");
    const id = visitorId(salt, someone);
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(visitorId(salt, { ...someone })).toBe(id);
    expect(visitorId(salt, { ...someone, address: "198.51.100.2" })).not.toBe(id);
    expect(visitorId(salt, { ...someone, userAgent: "Chrome" })).not.toBe(id);
    expect(visitorId(salt, { ...someone, site: "other.example" })).not.toBe(id);
    // Nothing of the address or agent is in the id.
    expect(id).not.toContain("198");
  });

  test("a new day makes a new salt and deletes the old one from the database", () => {
    db = openTestDb();
    const salts = createDailySalts(db);
    const first = salts.saltFor("2025-03-01");
    expect(storedSalts()).toEqual([{ day: "2025-03-01", salt: first.toString("hex") }]);
    const second = salts.saltFor("2025-03-02");
    expect(second.equals(first)).toBe(false);
    expect(storedSalts()).toEqual([{ day: "2025-03-02", salt: second.toString("hex") }]);
    // The second day's id of the same visitor does not join the first day's.
    expect(visitorId(second, someone)).not.toBe(visitorId(first, someone));
  });

  test("nodes on one database share the day's salt: the first to need it makes it", () => {
    db = openTestDb();
    const one = createDailySalts(db).saltFor("2025-03-01");
    const other = createDailySalts(db).saltFor("2025-03-01");
    expect(other.equals(one)).toBe(true);
    expect(storedSalts()).toHaveLength(1);
  });
});
