import type { BookingView } from "@consultant/site-content/wire";

/** The browser's own IANA zone, or null when it does not say. */
export function browserZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/**
 * The address of the view's times in the visitor's detected zone, or null when the view has
 * no times, the visitor chose a zone, or it is the zone shown already. The store ignores a name
 * that is no zone it knows.
 */
export function detectedZoneAddress(
  view: BookingView,
  href: string,
  zone: string | null = browserZone(),
): string | null {
  if (view.kind !== "pick" && view.kind !== "manage") return null;
  const { times } = view;
  if (times === null || view.zoneChosen || zone === null || zone === times.zone) return null;
  const url = new URL(href);
  url.searchParams.set("tz", zone);
  return `${url.pathname}${url.search}`;
}
