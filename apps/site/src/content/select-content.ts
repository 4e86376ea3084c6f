import { sortByOrder } from "./sort-by-order.ts";
import type { ClientLine, ContentItem, Service, ServiceDetail } from "./types.ts";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function asText(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/** The text of the item whose `title_fld` is `key`, or undefined when there is none. */
export function selectText(items: readonly ContentItem[] | undefined, key: string) {
  const item = items?.find((candidate) => candidate.title_fld === key);
  const text = item?.data;
  return typeof text === "string" && text.trim() !== "" ? text : undefined;
}

function toDetail(value: unknown, index: number): ServiceDetail | undefined {
  if (!isRecord(value)) return undefined;
  const heading = asText(value.heading);
  const text = asText(value.text);
  return heading || text ? { key: `detail-${index}`, heading, text } : undefined;
}

function idOf(item: ContentItem, fallback: string): string {
  return typeof item._id === "string" && item._id !== "" ? item._id : fallback;
}

function toService(item: ContentItem, index: number): Service | undefined {
  const data = item.itemData;
  if (!isRecord(data)) return undefined;
  const title = asText(data.title);
  if (!title) return undefined;
  const details = Array.isArray(data.details) ? data.details.map(toDetail) : [];
  return {
    id: idOf(item, `service-${index}`),
    title,
    subtitle: asText(data.subtitle),
    details: details.filter((detail): detail is ServiceDetail => detail !== undefined),
  };
}

export function selectServices(items: readonly ContentItem[] | undefined): Service[] {
  return sortByOrder(items ?? [])
    .map(toService)
    .filter((service): service is Service => service !== undefined);
}

export function selectClientLines(items: readonly ContentItem[] | undefined): ClientLine[] {
  return sortByOrder(items ?? [])
    .map((item, index) => ({
      id: idOf(item, `client-${index}`),
      text: asText(item.itemData).trim(),
    }))
    .filter((line) => line.text !== "");
}
