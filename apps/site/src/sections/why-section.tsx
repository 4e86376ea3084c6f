import { type LoadingContent, pageText, type TextKey } from "@consultant/site-content";
import { PageSection } from "../components/page-section.tsx";
import { SectionHeading } from "../components/ui/section-heading.tsx";
import { textOf } from "../content/text-marker.ts";

export type Reason = { title: string; text: string; n: number };

type ReasonKey = TextKey<"WhyWorkWithMe"> & `Reason${number}${string}`;

/** The section's three columns (`Reason<n>Title`, `Reason<n>Text`): those with a title or a text. */
export function selectReasons(page: LoadingContent): Reason[] {
  const text = (key: string) => pageText(page, "WhyWorkWithMe", key as ReasonKey) ?? "";
  return [1, 2, 3]
    .map((n) => ({ title: text(`Reason${n}Title`), text: text(`Reason${n}Text`), n }))
    .filter((reason) => reason.title !== "" || reason.text !== "");
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
        <span {...textOf("WhyHeading")}>{heading}</span>
      </SectionHeading>
      {text ? (
        <p
          {...textOf("WhyWorkWithMeText")}
          className="mt-10 max-w-3xl font-serif text-2xl leading-snug text-pretty text-white sm:text-3xl sm:leading-snug"
        >
          {text}
        </p>
      ) : null}
      {reasons.length > 0 ? (
        <div className="mt-14 grid gap-10 border-t border-white/15 pt-12 md:grid-cols-3 md:gap-12">
          {reasons.map((reason) => (
            <div key={reason.n}>
              {reason.title ? (
                <h3
                  data-text={`Reason${reason.n}Title`}
                  className="text-lg font-semibold text-white"
                >
                  {reason.title}
                </h3>
              ) : null}
              {reason.text ? (
                <p
                  data-text={`Reason${reason.n}Text`}
                  className="mt-3 leading-relaxed text-on-deep"
                >
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
