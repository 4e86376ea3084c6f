/**
 * @module The resources the store lets the signed-in member read (their own and those shared
 * with no one in particular: the store decides, this page only shows), in the owner's order.
 */
import {
  type ItemData,
  idOf,
  type ResourceFields,
  readResource,
  sortByOrder,
} from "@consultant/site-content";

export const RESOURCES_COLLECTION = "ClientResources";

export type SharedResource = ResourceFields & {
  id: string;
  /** The link when it may be followed (http or https), else null. */
  href: string | null;
  /** When the owner last changed it (ISO), if the store said. */
  changedAt: string | null;
};

function changedAtOf(item: ItemData): string | null {
  // The client revives `{"$date": iso}` as a Date; raw wire data keeps the object.
  const updated = (item as { _updatedDate?: unknown })._updatedDate;
  if (updated instanceof Date)
    return Number.isNaN(updated.getTime()) ? null : updated.toISOString();
  const date =
    typeof updated === "object" && updated !== null
      ? (updated as { $date?: unknown }).$date
      : updated;
  return typeof date === "string" && !Number.isNaN(Date.parse(date)) ? date : null;
}

/** A link the page may follow: http or https only (never `javascript:` and the like). */
export function safeHref(url: string): string | null {
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : null;
  } catch {
    return null;
  }
}

/** The items as the page shows them. */
export function toSharedResources(items: readonly ItemData[]): SharedResource[] {
  return sortByOrder(items).map((item, index) => {
    const fields = readResource(item);
    return {
      ...fields,
      id: idOf(item) ?? `resource-${index}`,
      href: fields.url ? safeHref(fields.url) : null,
      changedAt: changedAtOf(item),
    };
  });
}
