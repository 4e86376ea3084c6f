/** @module `services` items: `{ order?, itemData: { title, subtitle, details: [{ heading, text }] } }`. */
import { type ItemData, idOf, isRecord, sortByOrder, text } from "../item-data.ts";

export type ServiceDetail = { heading: string; text: string };
/** A service as stored, every field present (empty when missing). */
export type ServiceFields = { title: string; subtitle: string; details: ServiceDetail[] };

/** A service as the page shows it: titled, with only non-empty details. */
export type Service = {
  id: string;
  title: string;
  subtitle: string;
  details: Array<ServiceDetail & { key: string }>;
};

/** Decodes an item's `itemData`; anything missing or malformed reads as empty. */
export function readService(data: ItemData): ServiceFields {
  const item = isRecord(data.itemData) ? data.itemData : {};
  const details = Array.isArray(item.details) ? item.details : [];
  return {
    title: text(item.title),
    subtitle: text(item.subtitle),
    details: details.map((detail) =>
      isRecord(detail)
        ? { heading: text(detail.heading), text: text(detail.text) }
        : { heading: "", text: "" },
    ),
  };
}

/** The item with new service fields; other fields of `itemData` are kept. */
export function withService(data: ItemData, fields: Partial<ServiceFields>): ItemData {
  const item = isRecord(data.itemData) ? data.itemData : {};
  return { ...data, itemData: { ...item, ...readService(data), ...fields } };
}

/** The services the page shows, in `order`: untitled ones and empty details are left out. */
export function selectServices(items: readonly ItemData[] | undefined): Service[] {
  return sortByOrder(items ?? []).flatMap((item, index): Service[] => {
    const { title, subtitle, details } = readService(item);
    if (!title) return [];
    return [
      {
        id: idOf(item) ?? `service-${index}`,
        title,
        subtitle,
        details: details.flatMap((detail, at) =>
          detail.heading || detail.text ? [{ key: `detail-${at}`, ...detail }] : [],
        ),
      },
    ];
  });
}
