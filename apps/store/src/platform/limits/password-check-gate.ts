/**
 * @module Who gets the password-check capacity (limits/semaphore.ts) while a flood asks for it
 * (docs/security.md, "Password-check flood"). A free slot nobody waits for is taken at once.
 * When none is free:
 *
 * - a browser with the account's device cookie waits first (rank 0);
 * - a caller whose address (IPv6 by /64) and account have not been failing waits next (rank 1),
 *   at most `maxWaitMs`, if its address and its account hold fewer than `perAddress` and
 *   `perAccount` checks running or waiting (their shares of the capacity);
 * - anyone else, a caller whose address or account failed `failingAfter` times in the window
 *   (a right password forgets them) or over its share, is refused at once (SIGN_IN_BUSY,
 *   Retry-After: 1), and so is a waiter whose address or account failed while it waited.
 *
 * So the flood is refused and the member who has not been guessing is served in turn. Per
 * process, like the semaphore; failures are remembered in memory, the stalest key forgotten
 * first beyond `maxMarks` keys.
 */
import { ApiError } from "../errors.ts";
import { clientKey } from "./client-key.ts";
import type { Release, Semaphore } from "./semaphore.ts";

export type CheckClaim = {
  /** The client's address (`request.ip`). */
  address: string;
  /** The account the password is for (its e-mail, normalised), or null when none is named. */
  account: string | null;
  /** The browser holds the account's device cookie (identity/device-trust.ts). */
  trusted: boolean;
};

export type PasswordCheckGate = {
  /**
   * A slot for one password check: at once, after a short wait in turn, or refused.
   * @throws ApiError SIGN_IN_BUSY (429, Retry-After: 1).
   */
  enter(claim: CheckClaim): Promise<Release>;
  /** Counts a wrong password against the claim's address and account. */
  failed(claim: CheckClaim): void;
  /** Forgets the failures of the claim's address and account (after the right password). */
  succeeded(claim: CheckClaim): void;
};

export type PasswordCheckGateOptions = {
  now: () => number;
  /** How long a failure counts. */
  windowMs: number;
  /** Failures in the window after which an address or account waits no more. */
  failingAfter?: number;
  /** The longest wait for a slot. */
  maxWaitMs?: number;
  perAddress?: number;
  perAccount?: number;
  /** Addresses and accounts whose failures are remembered at most. */
  maxMarks?: number;
};

export const BUSY_RETRY_AFTER_SECONDS = 1;

const TRUSTED_RANK = 0;
const CLEAN_RANK = 1;

function busy(): ApiError {
  return new ApiError("SIGN_IN_BUSY", [], {
    data: { retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS },
  });
}

/** Running-or-waiting counts per key; a key at 0 is dropped. */
function createShares() {
  const held = new Map<string, number>();
  return {
    count: (key: string) => held.get(key) ?? 0,
    take(key: string) {
      held.set(key, (held.get(key) ?? 0) + 1);
    },
    give(key: string) {
      const left = (held.get(key) ?? 1) - 1;
      if (left <= 0) held.delete(key);
      else held.set(key, left);
    },
  };
}

/** Failures per key until `windowMs` after the last one, in memory; the stalest key goes first. */
function createFailureMarks(now: () => number, windowMs: number, maxMarks: number) {
  const marks = new Map<string, { count: number; ends: number }>();
  return {
    count(key: string): number {
      const mark = marks.get(key);
      if (mark === undefined) return 0;
      if (mark.ends > now()) return mark.count;
      marks.delete(key);
      return 0;
    },
    forget(key: string): void {
      marks.delete(key);
    },
    add(key: string): void {
      const count = this.count(key);
      marks.delete(key);
      marks.set(key, { count: count + 1, ends: now() + windowMs });
      if (marks.size > maxMarks) marks.delete(marks.keys().next().value as string);
    },
  };
}

export function createPasswordCheckGate(
  semaphore: Semaphore,
  options: PasswordCheckGateOptions,
): PasswordCheckGate {
  const {
    now,
    windowMs,
    failingAfter = 1,
    maxWaitMs = 5_000,
    perAddress = 2,
    perAccount = 1,
    maxMarks = 20_000,
  } = options;
  const shares = createShares();
  const failures = createFailureMarks(now, windowMs, maxMarks);
  const keysOf = (claim: CheckClaim) => {
    const address = `address:${clientKey(claim.address)}`;
    return claim.account === null ? [address] : [address, `account:${claim.account}`];
  };

  const isFailing = (keys: string[]) => keys.some((key) => failures.count(key) >= failingAfter);

  return {
    async enter(claim) {
      const keys = keysOf(claim);
      const [address, account] = keys as [string, string | undefined];
      const takeShares = () => {
        for (const key of keys) shares.take(key);
      };
      const giveShares = () => {
        for (const key of keys) shares.give(key);
      };
      // A free slot (nobody waits for it) harms nobody: the rules are for the wait.
      let release = semaphore.tryAcquire();
      if (release === null) {
        const overShare =
          shares.count(address) >= perAddress ||
          (account !== undefined && shares.count(account) >= perAccount);
        // A trusted browser is exempt from what the flood on its account and address causes.
        if (!claim.trusted && (overShare || isFailing(keys))) throw busy();
        takeShares();
        release = await semaphore.acquire(claim.trusted ? TRUSTED_RANK : CLEAN_RANK, maxWaitMs);
        // A flood's other guesses for an account that has just failed wait no further: the slot
        // passes on at once, unchecked.
        if (release !== null && !claim.trusted && isFailing(keys)) {
          release();
          release = null;
        }
        if (release === null) {
          giveShares();
          throw busy();
        }
      } else takeShares();
      const slot = release;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        slot();
        giveShares();
      };
    },
    failed(claim) {
      for (const key of keysOf(claim)) failures.add(key);
    },
    succeeded(claim) {
      for (const key of keysOf(claim)) failures.forget(key);
    },
  };
}
