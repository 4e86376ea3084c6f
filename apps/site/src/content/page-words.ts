import {
  isBookingPageWord,
  isContactFormWord,
  type LoadingContent,
  pageText,
  type TextKey,
} from "@consultant/site-content";

/** The text of one `PageWords` key: the menu, headings, buttons and labels the owner edits. */
export type Words = (key: TextKey<"PageWords">) => string;

/** The page's words from its content; empty while loading or when the owner left one out. */
export function wordsOf(page: LoadingContent): Words {
  return (key) => pageText(page, "PageWords", key) ?? "";
}

export type Placeholders = { name: string; company: string; year?: string };

/** A stored text with `{name}`, `{company}` and `{year}` filled in; other braces stay as typed. */
export function fillPlaceholders(text: string, values: Placeholders): string {
  return text.replace(/\{(name|company|year)\}/g, (whole, key: keyof Placeholders) => {
    return values[key] ?? whole;
  });
}

/**
 * The words the page's embedded content leaves out: the contact form's (the server renders the
 * form as an island the browser never renders again, and the store's own pages, the form posted
 * without JavaScript, read theirs from the store) and the booking pages' (the store renders
 * those pages; the visitor's page never shows them).
 */
export function isIslandWord(key: string): boolean {
  return isContactFormWord(key) || isBookingPageWord(key);
}
