import type { ClientLine } from "@consultant/site-content";
import { CheckIcon } from "../components/icons.tsx";
import { PageSection } from "../components/page-section.tsx";
import { SectionHeading } from "../components/ui/section-heading.tsx";
import type { Words } from "../content/page-words.ts";
import { textOf } from "../content/text-marker.ts";

export function IdealClientsSection({ lines, words }: { lines: ClientLine[]; words: Words }) {
  return (
    <PageSection
      id="clients"
      reveal="left"
      containerClassName="grid gap-10 md:grid-cols-[0.8fr_1.2fr] md:gap-16"
    >
      <SectionHeading id="clients-heading" className="self-start">
        <span {...textOf("IdealClientsHeading")}>{words("IdealClientsHeading")}</span>
      </SectionHeading>
      <ul className="grid gap-3">
        {lines.map((line) => (
          <li
            key={line.id}
            className="flex items-start gap-4 rounded-2xl border border-line bg-surface px-5 py-4 text-ink sm:text-lg"
          >
            <span className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent [&_svg]:size-4">
              <CheckIcon />
            </span>
            <span className="leading-relaxed" data-field={`Clients:${line.id}`}>
              {line.text}
            </span>
          </li>
        ))}
      </ul>
    </PageSection>
  );
}
