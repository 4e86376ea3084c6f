import { CheckIcon } from "../components/icons.tsx";
import { PageSection } from "../components/page-section.tsx";
import { SectionHeading } from "../components/ui/section-heading.tsx";
import type { ClientLine } from "../content/types.ts";

export function IdealClientsSection({ lines }: { lines: ClientLine[] }) {
  return (
    <PageSection id="clients" reveal="left">
      <SectionHeading id="clients-heading">IDEAL CLIENTS</SectionHeading>
      <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {lines.map((line) => (
          <li
            key={line.id}
            className="flex gap-4 rounded-2xl border border-line bg-surface p-5 text-ink"
          >
            <span className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent [&_svg]:size-4">
              <CheckIcon />
            </span>
            <span className="leading-relaxed">{line.text}</span>
          </li>
        ))}
      </ul>
    </PageSection>
  );
}
