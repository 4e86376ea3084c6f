/**
 * @module What the store's booking pages show (`/book`, docs/bookings.md): the store computes a
 * view, the site renders it (on the server, and again in the browser when the page's script
 * asks for the next one). Every word is the owner's (`BookingPageWords`); times are labelled in
 * the visitor's zone, which is named beside them.
 */
import type { BookingPageWords } from "../booking-page-words.ts";

export type BookingBrand = {
  name: string;
  logoSrc: string | null;
  logoDarkSrc: string | null;
  /** The site's public e-mail, for what the pages cannot do ("Please write to me"), or null. */
  email: string | null;
};

export type BookingServiceChoice = {
  id: string;
  name: string;
  tagLine: string;
  description: string;
  priceText: string;
  durationMinutes: number;
  /** The video link, phone number or address, as the owner wrote it. */
  location: string;
};

/** One free time: `value` its start as an ISO instant, `label` its local time ("09:30"). */
export type BookingTime = { value: string; label: string };

/** A day in the visitor's zone ("2026-12-07", labelled "Monday, 7 December") and its free times. */
export type BookingDay = { date: string; label: string; times: BookingTime[] };

/** The free times shown: a run of days in `zone`, with the runs before and after. */
export type BookingTimes = {
  zone: string;
  /** The zone's name as the visitor reads it ("Central European Standard Time"). */
  zoneName: string;
  days: BookingDay[];
  /** The first day of the run before / after, or null when there is none. */
  earlier: string | null;
  later: string | null;
  from: string;
};

export type BookingFields = { name: string; email: string; note: string; time: string };

/** A field's error: `name`, `email`, `note`, `time`, or `form` for the whole form. */
export type BookingErrors = Partial<Record<keyof BookingFields | "form", string>>;

/** A booking as its visitor sees it: its time in their zone, named. */
export type BookingSummary = {
  service: string;
  location: string;
  /** "Monday, 7 December 2026, 09:30–10:00". */
  when: string;
  zone: string;
  zoneName: string;
  status: "PENDING" | "CONFIRMED" | "DECLINED" | "CANCELED";
};

type Common = {
  words: BookingPageWords;
  brand: BookingBrand;
  /** Every IANA zone a visitor may choose. */
  zones: readonly string[];
};

export type BookingPickView = Common & {
  kind: "pick";
  service: BookingServiceChoice;
  times: BookingTimes;
  /** Whether the visitor chose the zone (else the page's script may put in the detected one). */
  zoneChosen: boolean;
  fields: BookingFields;
  errors: BookingErrors;
  /** The bot defence's signed form token (the contact form's). */
  formToken: string;
  /** The name of the hidden field people never fill (the bot defence's). */
  trap: string;
};

export type BookingServicesView = Common & { kind: "services"; services: BookingServiceChoice[] };

export type BookingConfirmedView = Common & {
  kind: "booked";
  booking: BookingSummary;
  /** The manage page's address on the site's own origin. */
  manageUrl: string;
};

export type BookingManageView = Common & {
  kind: "manage";
  booking: BookingSummary;
  token: string;
  /** A line above it all: "moved", the status, or why a change was refused. */
  notice: string;
  /** Why cancelling is closed, or null while it is open. */
  cancelRefusal: string | null;
  moveRefusal: string | null;
  /** The free times to move to (null when moving is closed). */
  times: BookingTimes | null;
  zoneChosen: boolean;
  errors: BookingErrors;
};

/** A page with a heading and a line (booking closed, a link that leads nowhere). */
export type BookingMessageView = Common & { kind: "message"; heading: string; text: string };

export type BookingView =
  | BookingServicesView
  | BookingPickView
  | BookingConfirmedView
  | BookingManageView
  | BookingMessageView;

/** What the page's script gets back for a form it sends: the next view, and its address. */
export type BookingAnswer = { view: BookingView; location: string };

/** The id of the script element carrying the view, for the browser to take over. */
export const BOOKING_VIEW_ID = "booking-view";
