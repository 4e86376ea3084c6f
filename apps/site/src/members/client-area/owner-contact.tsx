import { BookingLink } from "../../components/booking-link.tsx";
import type { OwnerContact } from "./client-area-data.ts";

const LINK = "rounded font-semibold break-all text-accent underline underline-offset-4";

/** How the client reaches the owner: mail, phone and the booking link, when set. */
export function OwnerContactCard({ contact }: { contact: OwnerContact }) {
  if (contact.email === null && contact.phone === null && contact.bookingUrl === null) return null;
  return (
    <section
      aria-labelledby="owner-contact-title"
      className="rounded-xl border border-line bg-surface p-5"
    >
      <h2 id="owner-contact-title" className="font-serif text-xl font-semibold text-ink">
        {contact.name ? `Reach ${contact.name}` : "Reach your consultant"}
      </h2>
      <ul className="mt-3 flex flex-col gap-2">
        {contact.email ? (
          <li>
            <a href={`mailto:${contact.email}`} className={LINK}>
              {contact.email}
            </a>
          </li>
        ) : null}
        {contact.phone ? (
          <li>
            <a href={contact.phone.href} className={LINK}>
              {contact.phone.label}
            </a>
          </li>
        ) : null}
      </ul>
      {contact.bookingUrl ? (
        <div className="mt-4">
          <BookingLink href={contact.bookingUrl} label="Book a call" />
        </div>
      ) : null}
    </section>
  );
}
