/** @module The client's bookings as the client area reads them (`GET /members/api/bookings`). */

/** One booking of the signed-in client. */
export type MemberBooking = {
  id: string;
  /** The service's name when it was booked. */
  title: string;
  status: "PENDING" | "CONFIRMED" | "DECLINED" | "CANCELED";
  /** ISO instants (UTC). */
  start: string;
  end: string;
  /** The IANA zone the client booked in. */
  timeZone: string;
  /** Where the client sees, moves or cancels it; null when the store knows no public address. */
  manageUrl: string | null;
};

/** `GET /members/api/bookings`: the member's own bookings, latest first. */
export type MemberBookings = { bookings: MemberBooking[] };
