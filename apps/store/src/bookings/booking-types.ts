/**
 * @module What the booking wing keeps, in its own words; wire-shapes.ts turns these into the
 * platform's objects (docs/protocol.md §14.2) and back.
 */
import type { Schedule } from "./availability.ts";

export type { Schedule };

export type BookingPolicy = {
  id: string;
  revision: number;
  name: string;
  isDefault: boolean;
  /** How far ahead a visitor may book, in minutes (null: no limit). */
  bookingWindowMinutes: number | null;
  /** How long before its start a slot may still be booked, in minutes. */
  minimumNoticeMinutes: number;
  cancelEnabled: boolean;
  /** How long before its start a booking may still be cancelled (null: up to its start). */
  cancelCutoffMinutes: number | null;
  rescheduleEnabled: boolean;
  rescheduleCutoffMinutes: number | null;
  /** How often one booking may be moved (null: no limit). */
  maxReschedules: number | null;
  createdAt: number;
  updatedAt: number;
};

export const LOCATION_KINDS = ["VIDEO", "PHONE", "IN_PERSON"] as const;
export type LocationKind = (typeof LOCATION_KINDS)[number];

export type BookingService = {
  id: string;
  revision: number;
  policyId: string;
  name: string;
  description: string;
  tagLine: string;
  priceText: string;
  locationKind: LocationKind;
  /** The video link, the phone number or the address. */
  locationText: string;
  durationMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  slotIntervalMinutes: number;
  maxPerDay: number | null;
  onlineBookingEnabled: boolean;
  requireManualApproval: boolean;
  hidden: boolean;
  createdAt: number;
  updatedAt: number;
};

export const BOOKING_STATUSES = ["PENDING", "CONFIRMED", "DECLINED", "CANCELED"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export type ContactDetails = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** The visitor's IANA zone, for the times shown to them. */
  timeZone: string;
};

export type Booking = {
  id: string;
  revision: number;
  serviceId: string;
  status: BookingStatus;
  start: number;
  end: number;
  ownerZone: string;
  /** The owner's calendar day it starts on (the per-day limit counts these). */
  ownerDay: string;
  reschedules: number;
  title: string;
  contact: ContactDetails;
  note: string;
  /**
   * The owner's last words to the client, given with a confirm, decline or cancel (the
   * platform's `participantNotification.message`), for the client's mail.
   */
  ownerMessage?: OwnerMessage | null;
  createdAt: number;
  updatedAt: number;
};

export type OwnerMessage = { status: BookingStatus; text: string; at: number };

/** Statuses that hold their time. */
export const ACTIVE_STATUSES: readonly BookingStatus[] = ["PENDING", "CONFIRMED"];
