import type { CollectionOfKind, TextKey } from "./collections.ts";
import { selectText } from "./kinds/texts.ts";
import type { LoadingContent } from "./page-content.ts";

type PageTexts = CollectionOfKind<"texts"> & keyof LoadingContent;

/**
 * The page's text for one key of one `texts` collection; the key is checked against the
 * registry at compile time. Undefined while loading, or when the text is missing or blank.
 */
export function pageText<C extends PageTexts>(
  content: LoadingContent,
  collection: C,
  key: TextKey<C>,
): string | undefined {
  return selectText(content[collection], key);
}
