import type { BookingPageWords } from "@consultant/site-content";
import type { BookingServiceChoice } from "@consultant/site-content/wire";
import type { ReactNode } from "react";

/** What the visitor books: the service's name, its line, length, price and place (the owner's). */
export function ServiceFacts(props: {
  service: BookingServiceChoice;
  words: BookingPageWords;
  /** The heading level of the service's name (a list of services, or the one booked). */
  as?: "h2" | "h3";
  children?: ReactNode;
}) {
  const { service, words, as: Heading = "h2" } = props;
  const length = words.BookLength.replaceAll("{minutes}", String(service.durationMinutes));
  const facts = [length, service.priceText, service.location].filter((fact) => fact.trim() !== "");
  return (
    <div className="flex flex-col rounded-2xl border border-line bg-surface p-5 sm:p-6">
      <Heading className="text-xl font-semibold text-ink">{service.name}</Heading>
      {service.tagLine ? <p className="mt-1 text-muted">{service.tagLine}</p> : null}
      <ul className="mt-3 flex flex-wrap gap-2 text-sm">
        {facts.map((fact) => (
          <li key={fact} className="rounded-full bg-accent-soft px-3 py-1 text-ink">
            {fact}
          </li>
        ))}
      </ul>
      {props.children}
    </div>
  );
}
