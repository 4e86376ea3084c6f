import type { TextKey } from "@consultant/site-content";
import type { Words } from "../content/page-words.ts";

export interface NavItem {
  label: string;
  /** The label's `PageWords` key. */
  key: string;
  href: `#${string}`;
}

/** The menu's links in page order; each label is a `PageWords` text. */
const NAV_LINKS: readonly { key: TextKey<"PageWords">; id: string }[] = [
  { key: "NavHome", id: "home" },
  { key: "NavAbout", id: "about" },
  { key: "NavServices", id: "services" },
  { key: "NavClients", id: "clients" },
  { key: "NavWhy", id: "why" },
  { key: "NavContact", id: "contact" },
];

/** The menu: a link to each section the page shows whose label is not empty. */
export function navItems(words: Words, shown: ReadonlySet<string>): NavItem[] {
  return NAV_LINKS.filter((link) => shown.has(link.id) && words(link.key).trim() !== "").map(
    (link) => ({ label: words(link.key), key: link.key, href: `#${link.id}` }),
  );
}
