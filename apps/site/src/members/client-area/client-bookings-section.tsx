import type { MemberBooking, MemberBookings } from "@consultant/site-content/wire";
import { useEffect, useId, useState } from "react";
import { buttonVariants } from "../../components/ui/button.tsx";
import { Notice } from "../../components/ui/notice.tsx";
import { bookingTime, listBookings, STATUS_WORDS, splitBookings } from "./client-bookings.ts";

function BookingRow({ booking, upcoming }: { booking: MemberBooking; upcoming: boolean }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line bg-surface p-4">
      <div className="min-w-0">
        <p className="font-semibold text-ink">{booking.title}</p>
        <p className="text-sm text-muted">{bookingTime(booking)}</p>
        <p className="text-sm text-muted">{STATUS_WORDS[booking.status]}</p>
      </div>
      {upcoming && booking.manageUrl !== null ? (
        <a href={booking.manageUrl} className={buttonVariants({ variant: "outline" })}>
          Manage
          <span className="sr-only">
            {" "}
            {booking.title}, {bookingTime(booking)}
          </span>
        </a>
      ) : null}
    </li>
  );
}

/** The meetings the client booked: upcoming ones with their manage links, then the past. */
export function ClientBookingsSection() {
  const [bookings, setBookings] = useState<MemberBookings | null>(null);
  const [problem, setProblem] = useState("");
  const heading = useId();
  useEffect(() => {
    listBookings().then(setBookings, () => setProblem("Your bookings could not be loaded."));
  }, []);
  if (problem !== "") return <Notice tone="error">{problem}</Notice>;
  if (bookings === null || bookings.bookings.length === 0) return null;
  const { upcoming, past } = splitBookings(bookings.bookings, Date.now());
  return (
    <section aria-labelledby={heading} className="flex flex-col gap-3">
      <h2 id={heading} className="font-serif text-2xl font-semibold text-ink">
        Your bookings
      </h2>
      {upcoming.length > 0 ? (
        <ul aria-label="Upcoming bookings" className="flex flex-col gap-3">
          {upcoming.map((booking) => (
            <BookingRow key={booking.id} booking={booking} upcoming />
          ))}
        </ul>
      ) : (
        <p className="text-muted">Nothing booked ahead.</p>
      )}
      {past.length > 0 ? (
        <>
          <h3 className="font-serif text-xl font-semibold text-ink">Past and cancelled</h3>
          <ul aria-label="Past and cancelled bookings" className="flex flex-col gap-3">
            {past.slice(0, 10).map((booking) => (
              <BookingRow key={booking.id} booking={booking} upcoming={false} />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
