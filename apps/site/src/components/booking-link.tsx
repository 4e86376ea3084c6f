import { CalendarIcon } from "./icons.tsx";
import { type ButtonVariantOptions, buttonVariants } from "./ui/button.tsx";

/**
 * Where the visitor page's link to the owner's scheduler elsewhere points: the store counts the
 * click and redirects to it (docs/analytics.md, "Counting"), with JavaScript or without.
 */
export const BOOKING_REDIRECT = "/go/booking";

export interface BookingLinkProps extends ButtonVariantOptions {
  /** The site's booking page, or {@link BOOKING_REDIRECT} to the owner's scheduler. */
  href: string;
  /** The owner's scheduler elsewhere: opens in a new tab. */
  external?: boolean;
  /** The button's text (`PageWords` BookingButton). */
  label: string;
}

/**
 * A plain link to the booking page or the owner's scheduler: nothing of either (script, frame,
 * request) is loaded until the visitor follows it.
 */
export function BookingLink({ href, external = true, label, ...variant }: BookingLinkProps) {
  if (!external) {
    return (
      <a href={href} data-booking-link="" className={buttonVariants(variant)}>
        <CalendarIcon />
        {label}
      </a>
    );
  }
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
