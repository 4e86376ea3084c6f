import { PageSection } from "../components/page-section.tsx";
import { SectionHeading } from "../components/ui/section-heading.tsx";
import { fillPlaceholders } from "../content/page-words.ts";
import { textOf } from "../content/text-marker.ts";

export interface AboutSectionProps {
  /** The stored heading; `{name}` stands for the owner's name. */
  heading: string;
  text: string | undefined;
  name: string;
}

export function AboutSection({ heading, text, name }: AboutSectionProps) {
  return (
    <PageSection
      id="about"
      reveal="right"
      className="border-y border-line bg-surface"
      containerClassName="grid gap-8 md:grid-cols-[0.8fr_1.2fr] md:gap-16"
    >
      <SectionHeading id="about-heading" className="self-start">
        {fillPlaceholders(heading, { name, company: "" })}
      </SectionHeading>
      {text ? (
        <p
          {...textOf("About")}
          className="font-serif text-xl leading-relaxed text-pretty text-ink sm:text-2xl sm:leading-relaxed"
        >
          {text}
        </p>
      ) : null}
    </PageSection>
  );
}
