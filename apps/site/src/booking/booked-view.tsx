import type { BookingConfirmedView } from "@consultant/site-content/wire";
import { useEffect, useState } from "react";
import { BookingSummaryList } from "./booking-summary.tsx";

/** The confirmation: the booking in the visitor's zone and the link to move or cancel it. */
export function BookedView({ view }: { view: BookingConfirmedView }) {
  const { words, booking, manageUrl } = view;
  // A link on the store's own origin reads in full once the browser knows where it is.
  const [shownUrl, setShownUrl] = useState(manageUrl);
  useEffect(() => setShownUrl(new URL(manageUrl, window.location.href).href), [manageUrl]);
  return (
    <>
      <p role="status" className="text-lg text-muted">
        {booking.status === "PENDING" ? words.BookPending : words.BookConfirmed}
      </p>
      <BookingSummaryList booking={booking} words={words} />
      <section aria-labelledby="booking-manage-link" className="flex flex-col gap-2">
        <h2 id="booking-manage-link" className="font-semibold text-ink">
          {words.BookManageLink}
        </h2>
        <a
          href={manageUrl}
          className="break-all text-accent-strong underline underline-offset-4"
          data-manage-link=""
        >
          {shownUrl}
        </a>
      </section>
    </>
  );
}
