/**
 * @module The booking wing: services, booking policies, the owner's schedule, time slots and
 * bookings in the platform's Bookings shape (docs/protocol.md §14). The other wings import this
 * wing through this face only.
 */

export type { BookingsConfig } from "./bookings-config.ts";
export { DEFAULT_BOOKINGS_CONFIG, readReminderTickMs } from "./bookings-config.ts";
export type { BookingsFeature, BookingsOptions } from "./bookings-feature.ts";
export { createBookingsFeature } from "./bookings-feature.ts";
export { MANAGE_PAGE_PATH, manageLink } from "./manage-link.ts";
export { MEMBER_BOOKINGS_PATH, memberBookingsPort } from "./member-bookings.ts";
export { type SignedInContact, signedInContact } from "./member-prefill.ts";
export type {
  BookingPageContext,
  BookingRenderer,
  BotDefence,
} from "./pages/booking-page-context.ts";
export { bookingWordsSource } from "./pages/booking-words.ts";
export { bookingSeedPending, seedBooking } from "./seed-booking.ts";
