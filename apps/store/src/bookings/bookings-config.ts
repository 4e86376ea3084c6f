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
};
