import {
  clientSignInChoice,
  type ItemData,
  type Kind,
  readClientLine,
  readPicture,
  readResource,
  readService,
  readSettings,
  readTextItem,
  text,
} from "@consultant/site-content";
import { SETTING_FIELDS } from "@consultant/site-content/editor";
import type { ComponentType } from "react";
import { siteConfig } from "../../site.config.ts";

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

const SIGN_IN_WORDS = {
  automatic: "Automatic (shown once you have a client)",
  shown: "Shown",
  hidden: "Hidden",
} as const;

function SettingsSummary({ data }: SummaryProps) {
  const settings = readSettings(data, siteConfig);
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      {Object.entries(SETTING_FIELDS).map(([key, field]) => (
        <div key={key} className="contents">
          <dt className="font-semibold">{field.label}</dt>
          <dd className="break-all">{settings[key as keyof typeof SETTING_FIELDS] || "—"}</dd>
        </div>
      ))}
      <dt className="font-semibold">Client sign-in link</dt>
      <dd>{SIGN_IN_WORDS[clientSignInChoice(data)]}</dd>
    </dl>
  );
}

function PictureSummary({ data }: SummaryProps) {
  const picture = readPicture(data);
  if (picture === null) return <p>{text(data.alt) || "(no file)"}</p>;
  return (
    <div className="flex items-center gap-3">
      <img
        src={picture.src}
        alt=""
        width={picture.width}
        height={picture.height}
        className="h-16 w-auto rounded border border-line bg-paper"
      />
      <p>{picture.alt}</p>
    </div>
  );
}

/** How each kind shows one item. */
const SUMMARIES: Record<Kind, ComponentType<SummaryProps>> = {
  texts: ({ data }) => <p className="whitespace-pre-wrap">{readTextItem(data).text}</p>,
  services: ServiceSummary,
  clients: ({ data }) => <p>{readClientLine(data)}</p>,
  resources: ResourceSummary,
  settings: SettingsSummary,
  pictures: PictureSummary,
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
