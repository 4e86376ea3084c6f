/** @module What a crash round sends and what the rounds found: shared by the harness, the writers and the check. */

export type WriteTally = { sent: number; acknowledged: number; lost: number };

export type CrashResult = {
  seed: number;
  kills: number;
  synchronous: string;
  journalMode: string;
  writes: { single: WriteTally; bulk: WriteTally; editor: WriteTally; member: WriteTally };
  /** Writes whose answer never came: the kill cut them (they may or may not be stored). */
  cutInFlight: number;
  /** Bulk calls with some but not all of their items stored. */
  partialBulk: number;
  /** Edited versions (item or history) not whole. */
  partialVersions: number;
  integrityFailures: number;
  /** Whether the engine has an integrity check to run after a kill (SQLite's; PostgreSQL none). */
  integrityChecked?: boolean;
};

export type Sent = { id: string; data: Record<string, unknown> };
export type Round = {
  single: { sent: Sent[]; acked: Sent[] };
  bulk: { sent: Sent[][]; acked: Sent[][] };
  editor: { sent: number; acked: number[] };
  /** Sign-ups and sign-ins: the member's e-mail, and the session token once answered. */
  member: { sent: number; acked: { email: string; sessionToken: string }[] };
};
