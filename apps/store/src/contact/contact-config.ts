/** @module The contact form's limits and timings; tests shorten them. */
export type ContactConfig = {
  /** A post sooner than this after its token was issued came from a script. */
  minMs: number;
  /** Tokens older than this are refused (the page's script fetches a new one). */
  maxAgeMs: number;
  /** Posts per client address (IPv6: its /64) per window, whatever their outcome. */
  maxPerAddress: number;
  /**
   * Messages from everyone together per window that each mail the owner; past it they are
   * stored without a mail each (one notice says more came), and the work asked grows once half
   * is used. Nobody who did the work is refused for what other addresses sent.
   */
  maxGlobal: number;
  windowMs: number;
  /** Leading zero bits of the proof of work every token from the page's script asks (about 1 s of hashing). */
  workBits: number;
  /** Bits added to the work while the global count is past half (each bit doubles it). */
  busyExtraBits: number;
};

export const DEFAULT_CONTACT_CONFIG: ContactConfig = {
  minMs: 3_000,
  maxAgeMs: 30 * 60_000,
  maxPerAddress: 6,
  maxGlobal: 60,
  windowMs: 3_600_000,
  workBits: 16,
  busyExtraBits: 2,
};
