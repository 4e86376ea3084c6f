/**
 * @module Which `PageWords` keys belong to the contact form and which to the booking pages, told
 * by the name alone, so the visitor's page can leave them out of its embedded content without
 * carrying the registry's lists in its bundle (docs/benchmarks.md, page weight).
 */

/** A contact form word: `Form…`. */
export function isContactFormWord(key: string): boolean {
  return key.startsWith("Form");
}

/** A booking pages' word: `Book…`, but the page's own booking button (`BookingButton`). */
export function isBookingPageWord(key: string): boolean {
  return key.startsWith("Book") && key !== "BookingButton";
}
