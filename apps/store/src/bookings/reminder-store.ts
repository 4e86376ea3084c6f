/**
 * @module All SQL for reminders (migrations 0665, postgres/0205): when they go out (the owner's
 * offsets, `booking_settings`), which bookings may be due, and the claim that lets one node of
 * many send each reminder: its row in `booking_reminders`, keyed by the booking, the revision of
 * its time (its moves) and the offset, inserted before the mail is sent. The insert reads the
 * booking in the same statement, so a booking cancelled or moved since it was listed is claimed
 * by no one.
 */
import type { Db } from "../platform/db/sql-db.ts";

/** 24 hours and 1 hour before, until the owner says otherwise. */
export const DEFAULT_REMINDER_MINUTES: readonly number[] = [1440, 60];

type Due = {
  id: string;
  start_at: number | string;
  updated_at: number | string;
  reschedules: number | string;
};

/** A confirmed booking starting soon: its time and when it took its current state. */
export type DueCandidate = { id: string; start: number; updatedAt: number; timeRevision: number };

export type ReminderStore = ReturnType<typeof createReminderStore>;

export function createReminderStore(db: Db) {
  const statements = {
    settings: db.prepare<[], { reminder_minutes: string }>(
      "SELECT reminder_minutes FROM booking_settings WHERE id = 1",
    ),
    putSettings: db.prepare(
      `INSERT INTO booking_settings (id, reminder_minutes, updated_at) VALUES (1, ?, ?)
       ON CONFLICT (id) DO UPDATE SET reminder_minutes = excluded.reminder_minutes,
         updated_at = excluded.updated_at`,
    ),
    startingBetween: db.prepare<[number, number], Due>(
      `SELECT id, start_at, updated_at, reschedules FROM bookings
       WHERE status = 'CONFIRMED' AND start_at > ? AND start_at <= ? ORDER BY start_at, id`,
    ),
    claim: db.prepare(
      `INSERT INTO booking_reminders (booking_id, time_revision, offset_minutes, sent_at)
       SELECT id, reschedules, CAST(? AS INTEGER), CAST(? AS BIGINT) FROM bookings
       WHERE id = ? AND status = 'CONFIRMED' AND reschedules = ? AND start_at = ?
       ON CONFLICT (booking_id, time_revision, offset_minutes) DO NOTHING`,
    ),
    release: db.prepare(
      `DELETE FROM booking_reminders
       WHERE booking_id = ? AND time_revision = ? AND offset_minutes = ?`,
    ),
  };
  return {
    /** The owner's offsets in minutes before the start, largest first. */
    offsets(): number[] {
      const row = statements.settings.get();
      return row === undefined
        ? [...DEFAULT_REMINDER_MINUTES]
        : (JSON.parse(row.reminder_minutes) as number[]);
    },
    putOffsets(minutes: readonly number[], now: number): void {
      statements.putSettings.run(JSON.stringify(minutes), now);
    },
    /** Confirmed bookings starting in (from, to]. */
    startingBetween(from: number, to: number): DueCandidate[] {
      return statements.startingBetween.all(from, to).map((row) => ({
        id: row.id,
        start: Number(row.start_at),
        updatedAt: Number(row.updated_at),
        timeRevision: Number(row.reschedules),
      }));
    },
    /** Claims the reminder; false when another node did, or the booking is no longer so. */
    claim(due: DueCandidate, offsetMinutes: number, now: number): boolean {
      const { id, timeRevision, start } = due;
      return statements.claim.run(offsetMinutes, now, id, timeRevision, start).changes === 1;
    },
    /** Gives a claim back (the mail could not be handed over), so a later pass tries again. */
    release(due: DueCandidate, offsetMinutes: number): void {
      statements.release.run(due.id, due.timeRevision, offsetMinutes);
    },
  };
}
