/**
 * @module Reminders before a meeting (docs/bookings.md, "Mails and reminders"): the owner's
 * offsets (24 hours and 1 hour before by default), and every node's pass that sends the ones due.
 * A reminder is due once its time (start − offset) has come, if the booking was already confirmed
 * at its current time then (a booking made or moved two hours before gets no "24 hours" one);
 * after a pause only the latest due is sent. Each is claimed in the database before it is sent
 * (reminder-store.ts), so on N nodes each goes out once, and a moved booking's old time has none.
 */
import { validationError, violation } from "../platform/errors.ts";
import type { DueCandidate, ReminderStore } from "./reminder-store.ts";

const MINUTE = 60_000;
/** Reminders a booking may have, and how far ahead the furthest may be (two weeks). */
export const MAX_REMINDERS = 5;
export const MAX_REMINDER_MINUTES = 14 * 1440;

/** `{offsetsMinutes: [1440, 60]}`: distinct whole minutes, 5 to two weeks; largest first. */
export function readReminderOffsets(body: Record<string, unknown>): number[] {
  const value = body.offsetsMinutes;
  const field = "reminders.offsetsMinutes";
  const fine =
    Array.isArray(value) &&
    value.length <= MAX_REMINDERS &&
    value.every((m) => Number.isInteger(m) && m >= 5 && m <= MAX_REMINDER_MINUTES) &&
    new Set(value).size === value.length;
  if (!fine) {
    throw validationError([
      violation(
        field,
        `must be up to ${MAX_REMINDERS} different whole minutes from 5 to ${MAX_REMINDER_MINUTES}`,
      ),
    ]);
  }
  return [...(value as number[])].sort((a, b) => b - a);
}

/** The offset whose reminder is due for `due` at `now`, or null (docs/bookings.md). */
export function dueOffset(
  due: DueCandidate,
  offsets: readonly number[],
  now: number,
): number | null {
  let chosen: number | null = null;
  for (const offset of offsets) {
    const at = due.start - offset * MINUTE;
    if (at <= now && at >= due.updatedAt && (chosen === null || offset < chosen)) chosen = offset;
  }
  return chosen;
}

export type ReminderPass = {
  /** Sends the reminders due now; resolves with how many this node sent. */
  runDue(): Promise<number>;
};

export function createReminderPass(deps: {
  store: ReminderStore;
  now: () => number;
  /** Mails the client; rejects when the mail could not be handed over. */
  send: (bookingId: string, offsetMinutes: number) => Promise<void>;
  onError: (error: unknown) => void;
}): ReminderPass {
  const { store, now, send, onError } = deps;
  return {
    async runDue() {
      const offsets = store.offsets();
      if (offsets.length === 0) return 0;
      const at = now();
      let sent = 0;
      for (const due of store.startingBetween(at, at + Math.max(...offsets) * MINUTE)) {
        const offset = dueOffset(due, offsets, at);
        if (offset === null || !store.claim(due, offset, at)) continue;
        try {
          await send(due.id, offset);
          sent += 1;
        } catch (error) {
          store.release(due, offset);
          onError(error);
        }
      }
      return sent;
    },
  };
}
