/**
 * @module Where a meeting is, in the words every place shows it (the booking pages, the mails,
 * the calendar file): the kind, then the owner's text, e.g. `Video call: the link comes with the
 * confirmation`. A text that already starts with its kind's words does not get them twice.
 */
import type { BookingService } from "./booking-types.ts";

const KIND_WORDS: Record<BookingService["locationKind"], string> = {
  VIDEO: "Video call",
  PHONE: "Phone",
  IN_PERSON: "In person",
};

export function whereWords(service: Pick<BookingService, "locationKind" | "locationText">): string {
  const kind = KIND_WORDS[service.locationKind];
  const text = service.locationText.trim();
  if (text === "") return kind;
  return text.toLowerCase().startsWith(`${kind.toLowerCase()}:`) ? text : `${kind}: ${text}`;
}
