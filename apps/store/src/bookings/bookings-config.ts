/** @module The booking wing's limits; tests change them. */
export type BookingsConfig = {
  /** Public booking calls (slots, creations, the manage link) per client address per window. */
  maxCallsPerAddress: number;
  /** Bookings created per client address per window. */
  maxCreatesPerAddress: number;
  /** Bookings created by everyone together per window. */
  maxCreatesGlobal: number;
  windowMs: number;
  /** The longest range of days one time-slot list may cover. */
  maxRangeDays: number;
  /** The owner's calendar feed (calendar-feed.ts): how it is fetched and how often. */
  feed: {
    timeoutMs: number;
    maxBytes: number;
    maxRedirects: number;
    /** How often the feed is read (one node per tick). */
    readEveryMs: number;
    /** How often each node looks whether a read is due. */
    checkEveryMs: number;
  };
  /** How often a node looks for reminders due (BOOKING_REMINDER_SECONDS). */
  reminderTickMs: number;
};

export const DEFAULT_BOOKINGS_CONFIG: BookingsConfig = {
  maxCallsPerAddress: 600,
  maxCreatesPerAddress: 10,
  maxCreatesGlobal: 200,
  windowMs: 3_600_000,
  maxRangeDays: 62,
  feed: {
    timeoutMs: 10_000,
    maxBytes: 5 * 1024 * 1024,
    maxRedirects: 3,
    readEveryMs: 15 * 60_000,
    checkEveryMs: 30_000,
  },
  reminderTickMs: 30_000,
};

/**
 * BOOKING_REMINDER_SECONDS: how often each node looks for reminders due (30 s by default).
 * @throws Error with a one-line message when it is not whole seconds from 1 to 3600.
 */
export function readReminderTickMs(value: string | undefined): number {
  const text = value?.trim() ?? "";
  if (text === "") return DEFAULT_BOOKINGS_CONFIG.reminderTickMs;
  const seconds = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!(seconds >= 1 && seconds <= 3600)) {
    throw new Error(
      `BOOKING_REMINDER_SECONDS must be whole seconds from 1 to 3600, got "${value}"`,
    );
  }
  return seconds * 1000;
}
