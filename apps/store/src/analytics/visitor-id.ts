/**
 * @module The daily visitor id (docs/privacy.md): HMAC-SHA256, keyed with the day's salt, of
 * the site, the address and the user agent, cut to 16 bytes. The salt is 32 random bytes kept
 * in the database so every node of a site hashes alike; it serves one day of the owner's zone
 * and is deleted when the next day's is made, after which nobody (the owner neither) can tell
 * whose a past id was, nor join two days' ids of one visitor.
 */
import { createHmac, randomBytes } from "node:crypto";
import type { Db } from "../platform/db/sql-db.ts";

export type VisitorInput = { site: string; address: string; userAgent: string };

export function visitorId(salt: Buffer, input: VisitorInput): string {
  return createHmac("sha256", salt)
    .update(`${input.site}\n${input.address}\n${input.userAgent}`)
    .digest()
    .subarray(0, 16)
    .toString("hex");
}

export type DailySalts = {
  /** The salt of `day`, made and stored by the first node that needs it; older ones deleted. */
  saltFor(day: string): Buffer;
};

export function createDailySalts(db: Db): DailySalts {
  const insert = db.prepare<[string, string]>(
    "INSERT INTO analytics_salts (day, salt) VALUES (?, ?) ON CONFLICT (day) DO NOTHING",
  );
  const read = db.prepare<[string], { salt: string }>(
    "SELECT salt FROM analytics_salts WHERE day = ?",
  );
  const dropBefore = db.prepare<[string]>("DELETE FROM analytics_salts WHERE day < ?");
  // Whichever node inserts first wins; every node then reads the one stored.
  const rotate = db.transaction((day: string): Buffer => {
    insert.run(day, randomBytes(32).toString("hex"));
    dropBefore.run(day);
    return Buffer.from((read.get(day) as { salt: string }).salt, "hex");
  });
  let current: { day: string; salt: Buffer } | null = null;
  return {
    saltFor(day) {
      if (current !== null && current.day === day) return current.salt;
      // A late event of a day already rotated away is hashed under the current salt instead.
      if (current !== null && day < current.day) return current.salt;
      current = { day, salt: rotate(day) };
      return current.salt;
    },
  };
}
