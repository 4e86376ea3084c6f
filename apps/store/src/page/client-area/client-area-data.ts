/**
 * @module What the client area shows a member, read from the store: the resources shared with
 * them (the data wing's member share, so the same items their token reads, sample stand-ins
 * never), which of those changed since their last visit in this browser, and how to reach the
 * owner (Site settings).
 */
import {
  type ItemData,
  idOf,
  readResource,
  selectSettings,
  sortByOrder,
} from "@consultant/site-content";
import { allItemsQuery, type ItemsStore, memberShare } from "../../data/index.ts";

const RESOURCES = "ClientResources";

export type SharedResource = {
  id: string;
  title: string;
  text: string;
  url: string;
  /** The link when it may be followed (http or https), else null. */
  href: string | null;
  /** Changed after the member's last visit in this browser (every one on a first visit). */
  isNew: boolean;
};

/** A link the page may follow: http or https only (never `javascript:` and the like). */
export function safeHref(url: string): string | null {
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : null;
  } catch {
    return null;
  }
}

/** When the owner last changed the item (epoch ms; 0 when the store did not say). */
function changedAt(item: ItemData): number {
  const updated = (item as { _updatedDate?: unknown })._updatedDate;
  const iso =
    typeof updated === "object" && updated !== null
      ? (updated as { $date?: unknown }).$date
      : updated;
  const ms = typeof iso === "string" ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(ms) ? 0 : ms;
}

/** The member's resources in the owner's order; `lastVisit` in epoch ms, null on a first visit. */
export function resourcesFor(
  items: ItemsStore,
  memberId: string,
  lastVisit: number | null,
): SharedResource[] {
  const filter = memberShare(RESOURCES, memberId);
  if (filter === null) return [];
  const data = items.query({ ...allItemsQuery(RESOURCES), filter }).map((row) => row.data);
  return sortByOrder(data).map((item, index) => {
    const fields = readResource(item);
    const id = idOf(item) ?? `resource-${index}`;
    return {
      id,
      title: fields.title,
      text: fields.text,
      url: fields.url,
      href: fields.url ? safeHref(fields.url) : null,
      isNew: lastVisit === null || changedAt(item) > lastVisit,
    };
  });
}

export type OwnerContact = {
  name: string;
  email: string | null;
  /** `tel:` link target, digits and `+` only. */
  phone: { label: string; href: string } | null;
  bookingUrl: string | null;
};

/** The owner's ways to be reached, from the site settings; links only when they are safe. */
export function ownerContact(items: ItemsStore): OwnerContact {
  const stored = items.query(allItemsQuery("SiteSettings")).map((row) => row.data as ItemData);
  const settings = selectSettings(stored, {
    name: "",
    company: "",
    email: "",
    phone: "",
    bookingUrl: "",
  });
  const email = settings.email.trim();
  const phone = settings.phone.trim();
  const dial = phone.replace(/[^\d+]/g, "");
  return {
    name: settings.name.trim() || settings.company.trim(),
    email: /^[^\s@]+@[^\s@]+$/.test(email) ? email : null,
    phone: dial.length >= 3 ? { label: phone, href: `tel:${dial}` } : null,
    bookingUrl: settings.bookingUrl.trim() ? safeHref(settings.bookingUrl) : null,
  };
}
