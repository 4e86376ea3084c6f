import { bookingHref, type PageSettings } from "@consultant/site-content";
import { BOOKING_REDIRECT, BookingLink } from "../components/booking-link.tsx";
import { MailIcon, PhoneIcon } from "../components/icons.tsx";
import { PageSection } from "../components/page-section.tsx";
import type { Words } from "../content/page-words.ts";
import { textOf } from "../content/text-marker.ts";
import { ContactFormIsland } from "./contact/contact-form-island.tsx";

/** `tel:` link for a phone number as written (spaces and punctuation dropped). */
export function toTelHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

const CONTACT_LINK =
  "group flex items-center gap-4 rounded-2xl border border-line bg-surface p-5 text-left transition-colors hover:border-accent hover:bg-accent-soft sm:p-6";

export function ContactSection({ settings, words }: { settings: PageSettings; words: Words }) {
  const booking = bookingHref(settings);
  const phone = settings.phone.trim();
  return (
    <PageSection id="contact" reveal="up" containerClassName="max-w-4xl text-center">
      <p
        className="text-sm font-semibold tracking-[0.16em] text-accent uppercase"
        {...textOf("ContactLabel")}
      >
        {words("ContactLabel")}
      </p>
      <h2
        id="contact-heading"
        {...textOf("ContactHeadline")}
        className="mt-4 font-serif text-3xl leading-tight font-semibold tracking-tight text-balance text-ink sm:text-5xl"
      >
        {words("ContactHeadline")}
      </h2>
      <p {...textOf("ContactLine")} className="mt-5 text-lg text-muted sm:text-xl">
        {words("ContactLine")}
      </p>
      {booking === null ? null : (
        <div className="mt-8">
          <BookingLink
            href={booking.external ? BOOKING_REDIRECT : booking.href}
            external={booking.external}
            label={words("BookingButton")}
            size="lg"
          />
        </div>
      )}
      <ul className="mx-auto mt-12 grid max-w-2xl gap-4 sm:grid-cols-2 lg:flex lg:max-w-none lg:justify-center">
        <li className="min-w-0">
          <a href={`mailto:${settings.email}`} className={CONTACT_LINK}>
            <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-accent text-on-accent [&_svg]:size-5">
              <MailIcon />
            </span>
            <span className="min-w-0">
              <span className="block text-sm text-muted" {...textOf("EmailLabel")}>
                {words("EmailLabel")}
              </span>
              <span className="block font-semibold text-ink [overflow-wrap:anywhere]">
                {settings.email}
              </span>
            </span>
          </a>
        </li>
        {phone === "" ? null : (
          <li className="min-w-0">
            <a href={toTelHref(phone)} className={CONTACT_LINK}>
              <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-accent text-on-accent [&_svg]:size-5">
                <PhoneIcon />
              </span>
              <span className="min-w-0">
                <span className="block text-sm text-muted" {...textOf("PhoneLabel")}>
                  {words("PhoneLabel")}
                </span>
                <span className="block font-semibold text-ink">{phone}</span>
              </span>
            </a>
          </li>
        )}
      </ul>
      <ContactFormIsland words={words} />
    </PageSection>
  );
}
