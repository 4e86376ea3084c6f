/** Reads and writes a Services item's `itemData` ({ title, subtitle, details }). */
import { type ItemData, isRecord, text } from "./item-data.ts";

export type ServiceDetail = { heading: string; text: string };
export type ServiceFields = { title: string; subtitle: string; details: ServiceDetail[] };

export function serviceOf(data: ItemData): ServiceFields {
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
  return { ...data, itemData: { ...item, ...serviceOf(data), ...fields } };
}
