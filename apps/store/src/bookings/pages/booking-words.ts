/**
 * @module The booking pages' words, from the stored `PageWords` the owner edits, read again only
 * when the content changes. A word the store lacks or left blank falls back to the sample
 * content's (the seeded default), as the contact form's pages do.
 */
import {
  BOOKING_PAGE_WORDS,
  type BookingPageWords,
  type ItemData,
  selectText,
} from "@consultant/site-content";
import { allItemsQuery, type ItemsStore, readContentFile } from "../../data/index.ts";
import { SAMPLE_CONTENT_DIR } from "../../platform/store-paths.ts";

export function bookingWordsOf(
  stored: readonly ItemData[],
  defaults: readonly ItemData[],
): BookingPageWords {
  const entries = BOOKING_PAGE_WORDS.map((key) => [
    key,
    selectText(stored, key) ?? selectText(defaults, key) ?? "",
  ]);
  return Object.fromEntries(entries) as BookingPageWords;
}

/** The current words; a failed read (a database hiccup) shows the defaults. */
export function bookingWordsSource(
  store: ItemsStore,
  contentDir = SAMPLE_CONTENT_DIR,
): () => BookingPageWords {
  const defaults = readContentFile(`${contentDir}/PageWords.json`);
  let cache: { version: number; words: BookingPageWords } | null = null;
  return () => {
    try {
      const version = store.contentVersion();
      if (cache?.version === version) return cache.words;
      const stored = store.query(allItemsQuery("PageWords")).map((item) => item.data);
      cache = { version, words: bookingWordsOf(stored, defaults) };
      return cache.words;
    } catch {
      return bookingWordsOf([], defaults);
    }
  };
}
