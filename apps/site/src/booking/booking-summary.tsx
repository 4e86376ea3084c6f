import type { BookingPageWords } from "@consultant/site-content";
import type { BookingSummary } from "@consultant/site-content/wire";

/** A booking's service, time (in the visitor's zone, named) and place. */
export function BookingSummaryList(props: { booking: BookingSummary; words: BookingPageWords }) {
  const { booking, words } = props;
  return (
    <div className="rounded-2xl border border-line bg-surface p-5 sm:p-6">
      <h2 className="text-xl font-semibold text-ink">{booking.service}</h2>
      <dl className="mt-4 grid gap-3 sm:grid-cols-[auto_1fr] sm:gap-x-6">
        <dt className="text-sm font-semibold text-muted">{words.BookWhen}</dt>
        <dd className="text-ink">
          <span className="block font-semibold" data-booking-when="">
            {booking.when}
          </span>
          <span className="block text-sm text-muted" data-booking-zone="">
            {booking.zoneName} ({booking.zone.replaceAll("_", " ")})
          </span>
        </dd>
        {booking.location ? (
          <>
            <dt className="text-sm font-semibold text-muted">{words.BookWhere}</dt>
            <dd className="text-ink [overflow-wrap:anywhere]">{booking.location}</dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}
