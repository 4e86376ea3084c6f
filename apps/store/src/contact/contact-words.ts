/**
 * @module The words of the contact form's own pages (the form posted without JavaScript), from
 * the stored `PageWords` the owner edits, read again only when the content changes. A word the
 * store lacks or left blank falls back to the sample content's (the seeded default).
 */
import {
  CONTACT_FORM_WORDS,
  type ContactFormWord,
  type ItemData,
  selectText,
} from "@consultant/site-content";
import { allItemsQuery, type ItemsStore, readContentFile } from "../data/index.ts";
import { SAMPLE_CONTENT_DIR } from "../platform/store-paths.ts";

export type ContactWords = Record<ContactFormWord, string>;

/** Each word from `stored`, else from `defaults`. */
export function contactWordsOf(
  stored: readonly ItemData[],
  defaults: readonly ItemData[],
): ContactWords {
  const entries = CONTACT_FORM_WORDS.map((key) => [
    key,
    selectText(stored, key) ?? selectText(defaults, key) ?? "",
  ]);
  return Object.fromEntries(entries) as ContactWords;
}

/** The current words; a failed read (say, a database hiccup) shows the defaults. */
export function contactWordsSource(
  store: ItemsStore,
  contentDir = SAMPLE_CONTENT_DIR,
): () => ContactWords {
  const defaults = readContentFile(`${contentDir}/PageWords.json`);
  let cache: { version: number; words: ContactWords } | null = null;
  return () => {
    try {
      const version = store.contentVersion();
      if (cache?.version === version) return cache.words;
      const stored = store.query(allItemsQuery("PageWords")).map((item) => item.data);
      cache = { version, words: contactWordsOf(stored, defaults) };
      return cache.words;
    } catch {
      return contactWordsOf([], defaults);
    }
  };
}
