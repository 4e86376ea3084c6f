import { CalendarIcon } from "./icons.tsx";
import { type ButtonVariantOptions, buttonVariants } from "./ui/button.tsx";

export interface BookingLinkProps extends ButtonVariantOptions {
  /** The owner's scheduler. */
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
