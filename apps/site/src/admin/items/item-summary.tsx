import type { CollectionKind } from "../model/collections.ts";
import { type ItemData, text } from "../model/item-data.ts";
import { serviceOf } from "../model/service-data.ts";

/** An item shown as the page would say it, to compare versions. */
export function ItemSummary({ kind, data }: { kind: CollectionKind; data: ItemData | null }) {
  if (data === null) return <p className="text-muted italic">Removed</p>;
  if (kind === "texts") return <p className="whitespace-pre-wrap">{text(data.data)}</p>;
  if (kind === "clients") return <p>{text(data.itemData)}</p>;
  const service = serviceOf(data);
  return (
    <div className="flex flex-col gap-1">
      <p className="font-semibold">{service.title}</p>
      {service.subtitle ? <p className="text-muted">{service.subtitle}</p> : null}
      {service.details.length > 0 ? (
        <ul className="mt-1 flex list-disc flex-col gap-1 pl-5 text-sm">
          {service.details.map((detail, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list in stored order
            <li key={index}>
              <span className="font-semibold">{detail.heading}</span>
              {detail.text ? `: ${detail.text}` : ""}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** One line about an item, for lists. */
export function summarize(kind: CollectionKind, data: ItemData): string {
  const raw =
    kind === "texts"
      ? text(data.data)
      : kind === "clients"
        ? text(data.itemData)
        : [serviceOf(data).title, serviceOf(data).subtitle].filter(Boolean).join(" — ");
  const line = raw.replace(/\s+/g, " ").trim();
  return line.length > 140 ? `${line.slice(0, 139)}…` : line || "(empty)";
}

const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

export function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE_TIME.format(date);
}
