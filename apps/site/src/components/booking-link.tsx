import { CalendarIcon } from "./icons.tsx";
import { type ButtonVariantOptions, buttonVariants } from "./ui/button.tsx";

/**
 * Where the visitor page's booking link points: the store counts the click and redirects to the
 * owner's scheduler (docs/analytics.md, "Counting"), with JavaScript or without.
 */
export const BOOKING_REDIRECT = "/go/booking";

export interface BookingLinkProps extends ButtonVariantOptions {
  /** The owner's scheduler, or {@link BOOKING_REDIRECT} to it. */
  href: string;
  /** The button's text (`PageWords` BookingButton). */
  label: string;
}

/**
 * A plain link to the owner's scheduler: nothing of the scheduler (script, frame, request) is
 * loaded until the visitor follows it.
 */
export function BookingLink({ href, label, ...variant }: BookingLinkProps) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      data-booking-link=""
      className={buttonVariants(variant)}
    >
      <CalendarIcon />
      {label}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
