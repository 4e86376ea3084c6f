import type { ReactNode } from "react";

/** One part of the Booking area: a heading the area's links land on, a line, its content. */
export function BookingSubsection(props: {
  id: string;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  const { id, title, intro, children } = props;
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-4 rounded-xl border border-line bg-surface p-4 sm:p-5"
    >
      <div>
        <h3 id={`${id}-heading`} className="font-serif text-xl font-semibold">
          {title}
        </h3>
        <p className="mt-1 text-sm text-muted">{intro}</p>
      </div>
      {children}
    </section>
  );
}

/** A whole number typed in a field, or null when it is not one. */
export function wholeNumber(text: string): number | null {
  return /^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : null;
}
