import { type LoadingContent, pageText } from "@consultant/site-content";
import { PageSection } from "../components/page-section.tsx";
import { SectionHeading } from "../components/ui/section-heading.tsx";

export type Reason = { title: string; text: string; titleKey: string; textKey: string };

const REASON_KEYS = [
  ["Reason1Title", "Reason1Text"],
  ["Reason2Title", "Reason2Text"],
  ["Reason3Title", "Reason3Text"],
] as const;

/** The section's columns: those with a title or a text, in order. */
export function selectReasons(page: LoadingContent): Reason[] {
  return REASON_KEYS.map(([title, text]) => ({
    title: pageText(page, "WhyWorkWithMe", title) ?? "",
    text: pageText(page, "WhyWorkWithMe", text) ?? "",
    titleKey: title,
    textKey: text,
  })).filter((reason) => reason.title !== "" || reason.text !== "");
}

export interface WhySectionProps {
  heading: string;
  text: string | undefined;
  reasons: readonly Reason[];
}

export function WhySection({ heading, text, reasons }: WhySectionProps) {
  return (
    <PageSection id="why" reveal="right" className="on-dark bg-deep text-on-deep">
      <SectionHeading id="why-heading" className="text-on-deep">
        <span data-text="WhyHeading">{heading}</span>
      </SectionHeading>
      {text ? (
        <p
          data-text="WhyWorkWithMeText"
          className="mt-10 max-w-3xl font-serif text-2xl leading-snug text-pretty text-white sm:text-3xl sm:leading-snug"
        >
          {text}
        </p>
      ) : null}
      {reasons.length > 0 ? (
        <div className="mt-14 grid gap-10 border-t border-white/15 pt-12 md:grid-cols-3 md:gap-12">
          {reasons.map((reason, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed slots
            <div key={index}>
              {reason.title ? (
                <h3 data-text={reason.titleKey} className="text-lg font-semibold text-white">
                  {reason.title}
                </h3>
              ) : null}
              {reason.text ? (
                <p data-text={reason.textKey} className="mt-3 leading-relaxed text-on-deep">
                  {reason.text}
                </p>
              ) : null}
            </div>
          ))}
        </div>
      ) : null}
    </PageSection>
  );
}
