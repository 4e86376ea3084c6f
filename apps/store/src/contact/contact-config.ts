/** @module The contact form's limits and timings; tests shorten them. */
export type ContactConfig = {
  /** A post sooner than this after its token was issued came from a script. */
  minMs: number;
  /** Tokens older than this are refused (the page is reloaded for a new one). */
  maxAgeMs: number;
  /** Posts per client address (IPv6: its /64) per window, whatever their outcome. */
  maxPerAddress: number;
  /** Messages accepted from everyone together per window. */
  maxGlobal: number;
  windowMs: number;
  /** Leading zero bits of the proof of work asked once a limit is half used (about 1 s of hashing). */
  workBits: number;
};

export const DEFAULT_CONTACT_CONFIG: ContactConfig = {
  minMs: 3_000,
  maxAgeMs: 2 * 3_600_000,
  maxPerAddress: 6,
  maxGlobal: 60,
  windowMs: 3_600_000,
  workBits: 16,
};
