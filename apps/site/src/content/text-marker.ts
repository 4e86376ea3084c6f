import type { AnyTextKey } from "@consultant/site-content";

/**
 * Marks an element whose whole text is the store's text `key` (the `data-text` attribute that
 * `embed-content.ts` reads back from the HTML). A function, not a bare attribute string, so the
 * compiler checks the key against the content registry and follows it when a key is renamed.
 */
export function textOf(key: AnyTextKey): { "data-text": AnyTextKey } {
  return { "data-text": key };
}
