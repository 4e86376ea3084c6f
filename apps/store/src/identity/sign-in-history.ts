/**
 * @module Sign-in history: each identity's recent sign-ins and failed password
 * attempts with time, address and method, so a member notices what was not them. Bounded: the
 * newest 50 per identity, none older than 90 days. A failed attempt on an e-mail no identity has
 * is not recorded (there is no one to show it to). `method` is a plain string ("password",
 * "totp", "recovery-code", "passkey", ...), so new sign-in methods record themselves here too.
 */
import { randomUUID } from "node:crypto";
import type { SignInEntry } from "@consultant/site-content/wire";
import type { SecurityStore, SignInOutcome } from "./storage/security-store.ts";

export const SIGN_INS_KEPT = 50;
export const SIGN_INS_KEPT_MS = 90 * 24 * 3_600_000;
const PRUNE_EVERY_MS = 3_600_000;
const MAX_USER_AGENT = 256;

export type SignInEvent = {
  identityId: string;
  outcome: SignInOutcome;
  method: string;
  address?: string | undefined;
  userAgent?: string | undefined;
};

export type SignInHistory = ReturnType<typeof createSignInHistory>;

export function createSignInHistory(store: SecurityStore, now: () => number) {
  let nextPrune = 0;
  return {
    record(event: SignInEvent): void {
      const at = now();
      if (at >= nextPrune) {
        nextPrune = at + PRUNE_EVERY_MS;
        store.pruneSignIns(at - SIGN_INS_KEPT_MS);
      }
      store.addSignIn(
        {
          id: randomUUID(),
          identityId: event.identityId,
          at,
          outcome: event.outcome,
          method: event.method,
          address: event.address ?? null,
          userAgent: event.userAgent?.slice(0, MAX_USER_AGENT) ?? null,
        },
        SIGN_INS_KEPT,
      );
    },

    /** The identity's sign-ins, newest first, within the last 90 days. */
    listOf(identityId: string): SignInEntry[] {
      const since = now() - SIGN_INS_KEPT_MS;
      return store
        .signInsOf(identityId, SIGN_INS_KEPT)
        .filter((row) => row.at >= since)
        .map(
          (row): SignInEntry => ({
            at: new Date(row.at).toISOString(),
            outcome: row.outcome,
            method: row.method,
            address: row.address,
            userAgent: row.userAgent,
          }),
        );
    },
  };
}
