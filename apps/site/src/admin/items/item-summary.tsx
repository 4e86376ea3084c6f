import {
  type ItemData,
  type Kind,
  readClientLine,
  readResource,
  readService,
  readTextItem,
} from "@consultant/site-content";
import type { ComponentType } from "react";

export { summarize } from "@consultant/site-content/editor";

type SummaryProps = { data: ItemData };

function ServiceSummary({ data }: SummaryProps) {
  const service = readService(data);
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

function ResourceSummary({ data }: SummaryProps) {
  const resource = readResource(data);
  return (
    <div className="flex flex-col gap-1">
      <p className="font-semibold">{resource.title}</p>
      {resource.text ? <p className="whitespace-pre-wrap">{resource.text}</p> : null}
      {resource.url ? <p className="text-sm break-all">{resource.url}</p> : null}
      <p className="text-sm text-muted">
        {resource.memberId ? `Shared with member ${resource.memberId}` : "Not shared yet"}
      </p>
    </div>
  );
}

/** How each kind shows one item. */
const SUMMARIES: Record<Kind, ComponentType<SummaryProps>> = {
  texts: ({ data }) => <p className="whitespace-pre-wrap">{readTextItem(data).text}</p>,
  services: ServiceSummary,
  clients: ({ data }) => <p>{readClientLine(data)}</p>,
  resources: ResourceSummary,
};

/** An item shown as the page would say it, to compare versions. */
export function ItemSummary({ kind, data }: { kind: Kind; data: ItemData | null }) {
  if (data === null) return <p className="text-muted italic">Removed</p>;
  const Summary = SUMMARIES[kind];
  return <Summary data={data} />;
}

const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

export function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE_TIME.format(date);
}
