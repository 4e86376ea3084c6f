import { COLLECTIONS, type TextKey } from "./collections.ts";
import { isBookingPageWord } from "./word-groups.ts";

/** A word of the booking pages (`/book`): the `PageWords` keys named `Book…`. */
export type BookingPageWord = Exclude<
  Extract<TextKey<"PageWords">, `Book${string}`>,
  "BookingButton"
>;

/**
 * The booking pages' words: the store renders those pages and reads them there; the visitor's
 * page never does, so its embedded content leaves them out.
 */
export const BOOKING_PAGE_WORDS: readonly BookingPageWord[] = COLLECTIONS.PageWords.textKeys.filter(
  (key): key is BookingPageWord => isBookingPageWord(key),
);

export type BookingPageWords = Record<BookingPageWord, string>;
