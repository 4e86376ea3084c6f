import { PageSection } from "../components/page-section.tsx";
import { SectionHeading } from "../components/ui/section-heading.tsx";

const REASONS = [
  {
    title: "An operator, not an observer",
    text: "I have run teams, budgets and deadlines myself. My advice comes from doing the work, so it fits how a real business runs on a busy Tuesday, not just how it looks in a slide deck.",
  },
  {
    title: "Collaborative by default",
    text: "I work alongside you and your people, not above them. We shape the plan together, your team learns the reasoning behind it, and the know-how stays in the company when I leave.",
  },
  {
    title: "Focused on outcomes",
    text: "Every engagement starts with the results that matter to you and a way to measure them. We track progress openly and adjust early, so the effort shows up in your numbers.",
  },
] as const;

export function WhySection({ text }: { text: string | undefined }) {
  return (
    <PageSection id="why" reveal="right" className="on-dark bg-deep text-on-deep">
      <SectionHeading id="why-heading" className="text-on-deep">
        WHY WORK WITH ME
      </SectionHeading>
      {text ? (
        <p className="mt-10 max-w-3xl font-serif text-2xl leading-snug text-pretty text-white sm:text-3xl sm:leading-snug">
          {text}
        </p>
      ) : null}
      <div className="mt-14 grid gap-10 border-t border-white/15 pt-12 md:grid-cols-3 md:gap-12">
        {REASONS.map((reason) => (
          <div key={reason.title}>
            <h3 className="text-lg font-semibold text-white">{reason.title}</h3>
            <p className="mt-3 leading-relaxed text-on-deep">{reason.text}</p>
          </div>
        ))}
      </div>
    </PageSection>
  );
}
