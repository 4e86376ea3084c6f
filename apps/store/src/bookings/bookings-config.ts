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
};

export const DEFAULT_BOOKINGS_CONFIG: BookingsConfig = {
  maxCallsPerAddress: 600,
  maxCreatesPerAddress: 10,
  maxCreatesGlobal: 200,
  windowMs: 3_600_000,
  maxRangeDays: 62,
};
