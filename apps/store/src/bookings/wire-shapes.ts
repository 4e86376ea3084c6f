/**
 * @module The platform's objects as the store answers them (docs/protocol.md §14.2): services,
 * booking policies, bookings and time slots, made from what the wing keeps. What the platform
 * has no field for travels in `extendedFields.namespaces` under {@link NAMESPACE}.
 */
import type { Slot } from "./availability.ts";
import type { Booking, BookingPolicy, BookingService } from "./booking-types.ts";
import { localDateTimeOf } from "./zoned-time.ts";

/** The store's namespace in the platform's extended fields. */
export const NAMESPACE = "@consultant/booking";

const iso = (ms: number) => new Date(ms).toISOString();

export function serviceToWire(service: BookingService) {
  return {
    id: service.id,
    revision: String(service.revision),
    type: "APPOINTMENT",
    name: service.name,
    description: service.description,
    tagLine: service.tagLine,
    defaultCapacity: 1,
    hidden: service.hidden,
    onlineBooking: {
      enabled: service.onlineBookingEnabled,
      requireManualApproval: service.requireManualApproval,
      allowMultipleRequests: false,
    },
    payment: { rateType: "CUSTOM", custom: { description: service.priceText } },
    locations: [
      { type: "CUSTOM", custom: { address: { formattedAddress: service.locationText } } },
    ],
    bookingPolicy: { id: service.policyId },
    schedule: {
      availabilityConstraints: {
        sessionDurations: [service.durationMinutes],
        durations: [{ minutes: service.durationMinutes }],
        timeBetweenSessions: service.bufferAfterMinutes,
      },
    },
    extendedFields: {
      namespaces: {
        [NAMESPACE]: {
          bufferBeforeMinutes: service.bufferBeforeMinutes,
          slotIntervalMinutes: service.slotIntervalMinutes,
          maxPerDay: service.maxPerDay,
          locationKind: service.locationKind,
        },
      },
    },
    createdDate: iso(service.createdAt),
    updatedDate: iso(service.updatedAt),
  };
}

export function policyToWire(policy: BookingPolicy) {
  return {
    id: policy.id,
    revision: String(policy.revision),
    name: policy.name,
    default: policy.isDefault,
    limitEarlyBookingPolicy: {
      enabled: policy.bookingWindowMinutes !== null,
      earliestBookingInMinutes: policy.bookingWindowMinutes ?? 0,
    },
    limitLateBookingPolicy: {
      enabled: policy.minimumNoticeMinutes > 0,
      latestBookingInMinutes: policy.minimumNoticeMinutes,
    },
    cancellationPolicy: {
      enabled: policy.cancelEnabled,
      limitLatestCancellation: policy.cancelCutoffMinutes !== null,
      latestCancellationInMinutes: policy.cancelCutoffMinutes ?? 0,
    },
    reschedulePolicy: {
      enabled: policy.rescheduleEnabled,
      limitLatestReschedule: policy.rescheduleCutoffMinutes !== null,
      latestRescheduleInMinutes: policy.rescheduleCutoffMinutes ?? 0,
    },
    extendedFields: { namespaces: { [NAMESPACE]: { maxReschedules: policy.maxReschedules } } },
    createdDate: iso(policy.createdAt),
    updatedDate: iso(policy.updatedAt),
  };
}

export function bookingToWire(booking: Booking) {
  const { contact } = booking;
  return {
    id: booking.id,
    revision: String(booking.revision),
    status: booking.status,
    paymentStatus: "EXEMPT",
    totalParticipants: 1,
    startDate: iso(booking.start),
    endDate: iso(booking.end),
    bookedEntity: {
      title: booking.title,
      slot: {
        serviceId: booking.serviceId,
        startDate: iso(booking.start),
        endDate: iso(booking.end),
        timezone: booking.ownerZone,
      },
    },
    contactDetails: {
      firstName: contact.firstName,
      lastName: contact.lastName,
      email: contact.email,
      phone: contact.phone,
      timeZone: contact.timeZone,
    },
    extendedFields: {
      namespaces: {
        [NAMESPACE]: {
          note: booking.note,
          reschedules: booking.reschedules,
          ownerMessage: booking.ownerMessage
            ? { ...booking.ownerMessage, at: iso(booking.ownerMessage.at) }
            : null,
        },
      },
    },
    createdDate: iso(booking.createdAt),
    updatedDate: iso(booking.updatedAt),
  };
}

/** A slot read in `timeZone`, the zone the caller asked in. */
export function slotToWire(
  serviceId: string,
  slot: Slot,
  timeZone: string,
  limits: { earliest: number | null; latest: number | null; bookOnlineDisabled: boolean },
) {
  const remaining = slot.free && !slot.dayFull ? 1 : 0;
  return {
    serviceId,
    localStartDate: localDateTimeOf(slot.start, timeZone),
    localEndDate: localDateTimeOf(slot.end, timeZone),
    bookable: slot.bookable,
    totalCapacity: 1,
    remainingCapacity: remaining,
    bookableCapacity: slot.bookable ? 1 : 0,
    bookingPolicyViolations: {
      tooEarlyToBook: slot.tooEarlyToBook,
      ...(limits.earliest === null ? {} : { earliestBookingDate: iso(limits.earliest) }),
      tooLateToBook: slot.tooLateToBook,
      ...(limits.latest === null ? {} : { latestBookingDate: iso(limits.latest) }),
      bookOnlineDisabled: limits.bookOnlineDisabled,
    },
    location: { locationType: "CUSTOM" },
    availableResources: [],
  };
}
