import { COLLECTIONS, type TextKey } from "./collections.ts";
import { isContactFormWord } from "./word-groups.ts";

/** A word of the contact form: its labels, button, and every answer it gives. */
export type ContactFormWord = Extract<TextKey<"PageWords">, `Form${string}`>;

/**
 * The contact form's words, the `PageWords` keys named `Form…`: the page renders them once on
 * the server (the form is an island), and the store's no-JavaScript pages read them too.
 */
export const CONTACT_FORM_WORDS: readonly ContactFormWord[] = COLLECTIONS.PageWords.textKeys.filter(
  (key): key is ContactFormWord => isContactFormWord(key),
);
