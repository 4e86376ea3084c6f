/**
 * @module What a booking page's form carries, read from a form post or the page script's JSON
 * alike, checked with the owner's words beside each field, and turned into the platform's
 * `createBooking` body (docs/protocol.md §14.4). The rules check it all again.
 */

import type { BookingPageWords } from "@consultant/site-content";
import type { BookingErrors, BookingFields } from "@consultant/site-content/wire";
import { fieldOf, normaliseEmail } from "../../identity/index.ts";
import { NAMESPACE } from "../wire-shapes.ts";

const MAX_NAME = 200;
const MAX_NOTE = 2000;
const FIVE_MINUTES = 300_000;

export type BookingPost = {
  fields: BookingFields;
  serviceId: string;
  zone: string;
  from: string;
  token: string;
  work: string;
  honeypot: string;
};

/** `trap`: the hidden field people never fill (the bot defence names it). */
export function readBookingPost(body: unknown, trap: string): BookingPost {
  return {
    fields: {
      name: fieldOf(body, "name"),
      email: fieldOf(body, "email"),
      note: fieldOf(body, "note"),
      time: fieldOf(body, "time"),
    },
    serviceId: fieldOf(body, "service"),
    zone: fieldOf(body, "tz"),
    from: fieldOf(body, "from"),
    token: fieldOf(body, "token"),
    work: fieldOf(body, "work"),
    honeypot: fieldOf(body, trap),
  };
}

/** The start a chosen time names (an instant on the five minutes), or null. */
export function startOf(time: string): number | null {
  const ms = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{3})?)?Z$/.test(time)
    ? Date.parse(time)
    : Number.NaN;
  return Number.isFinite(ms) && ms % FIVE_MINUTES === 0 ? ms : null;
}

/** Each field's mistake in the owner's words; empty when there is none. */
export function fieldMistakes(fields: BookingFields, words: BookingPageWords): BookingErrors {
  const errors: BookingErrors = {};
  const name = fields.name.trim();
  if (name === "" || name.length > MAX_NAME) errors.name = words.BookNameError;
  if (normaliseEmail(fields.email) === null) errors.email = words.BookEmailError;
  if (fields.note.length > MAX_NOTE) errors.note = words.BookNoteError;
  if (startOf(fields.time) === null) errors.time = words.BookPickTime;
  return errors;
}

/** The `createBooking` body of a checked post. */
export function createBody(
  post: BookingPost,
  start: number,
  durationMinutes: number,
  zone: string,
) {
  return {
    booking: {
      bookedEntity: {
        slot: {
          serviceId: post.serviceId,
          startDate: new Date(start).toISOString(),
          endDate: new Date(start + durationMinutes * 60_000).toISOString(),
          timezone: zone,
        },
      },
      contactDetails: {
        firstName: post.fields.name.trim(),
        email: post.fields.email,
        timeZone: zone,
      },
      extendedFields: { namespaces: { [NAMESPACE]: { note: post.fields.note } } },
    },
  };
}
