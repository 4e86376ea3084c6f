import type { TextKey } from "@consultant/site-content";
import type { Words } from "../content/page-words.ts";

export interface NavItem {
  label: string;
  /** The label's `PageWords` key. */
  key: string;
  href: `#${string}`;
}

/** The sections the menu links to, in page order; each label is the `PageWords` text `Nav<Id>`. */
const NAV_IDS = ["home", "about", "services", "clients", "why", "contact"] as const;
type NavKey = `Nav${Capitalize<(typeof NAV_IDS)[number]>}`;
// Fails to compile when a menu link has no `PageWords` text.
const navKeysAreTexts: NavKey extends TextKey<"PageWords"> ? true : never = true;
void navKeysAreTexts;

/** The menu: a link to each section the page shows whose label is not empty. */
export function navItems(words: Words, shown: ReadonlySet<string>): NavItem[] {
  return NAV_IDS.flatMap((id) => {
    const key = `Nav${id[0]?.toUpperCase()}${id.slice(1)}` as NavKey;
    const label = words(key);
    return shown.has(id) && label.trim() !== "" ? [{ label, key, href: `#${id}` as const }] : [];
  });
}
