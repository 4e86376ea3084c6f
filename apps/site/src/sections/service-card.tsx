import type { Service } from "@consultant/site-content";
import { useId, useState } from "react";
import { ChevronDownIcon } from "../components/icons.tsx";
import { Button } from "../components/ui/button.tsx";
import { Card, CardDescription, CardTitle } from "../components/ui/card.tsx";
import { textOf } from "../content/text-marker.ts";
import { cn } from "../lib/cn.ts";

export interface ServiceCardProps {
  service: Service;
  index: number;
  /** The toggle's text while closed, and while open. */
  openLabel: string;
  closeLabel: string;
}

/** A detail's place in the item's `details` (its key is `detail-<index>`, empty ones left out). */
const indexOf = (key: string) => key.replace("detail-", "");

export function ServiceCard({ service, index, openLabel, closeLabel }: ServiceCardProps) {
  const [expanded, setExpanded] = useState(false);
  const detailsId = useId();
  // Where the page reads its texts back from (embed-content.ts): the item's fields by path.
  const path = `Services:${service.id}`;

  return (
    <Card className={cn("transition-colors", expanded && "border-accent/40")}>
      <span aria-hidden="true" className="font-serif text-sm font-semibold text-accent">
        {String(index + 1).padStart(2, "0")}
      </span>
      <CardTitle className="mt-3" data-field={`${path}.title`}>
        {service.title}
      </CardTitle>
      {service.subtitle ? (
        <CardDescription data-field={`${path}.subtitle`}>{service.subtitle}</CardDescription>
      ) : null}
      <div className="mt-6">
        <Button
          variant="outline"
          size="sm"
          aria-expanded={expanded}
          aria-controls={detailsId}
          onClick={() => setExpanded((value) => !value)}
        >
          {/* Every card starts closed: its text is the "open" label the page can read back. */}
          <span {...(expanded ? {} : textOf("MoreInformation"))}>
            {expanded ? closeLabel : openLabel}
          </span>
          <ChevronDownIcon className={cn("transition-transform", expanded && "rotate-180")} />
        </Button>
      </div>
      <div id={detailsId} hidden={!expanded} className="mt-6 border-t border-line pt-6">
        <ul className="space-y-5">
          {service.details.map((detail) => (
            <li key={detail.key}>
              <h4
                className="font-semibold text-ink"
                data-field={`${path}.details.${indexOf(detail.key)}.heading`}
              >
                {detail.heading}
              </h4>
              <p
                className="mt-1 leading-relaxed text-muted"
                data-field={`${path}.details.${indexOf(detail.key)}.text`}
              >
                {detail.text}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </Card>
  );
}
