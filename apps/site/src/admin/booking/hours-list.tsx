import { Button } from "../../components/ui/button.tsx";
import type { Hours } from "./booking-api.ts";

const minutesOf = (clock: string) => {
  const match = /^(\d{2}):(\d{2})$/.exec(clock);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
};

/** What is wrong with a day's stretches of hours, in words, or undefined. */
export function hoursProblem(hours: Hours[]): string | undefined {
  const read = hours.map((entry) => ({ start: minutesOf(entry.start), end: minutesOf(entry.end) }));
  if (read.some((entry) => entry.start === null || entry.end === null)) {
    return "Give every stretch a start and an end.";
  }
  if (read.some((entry) => (entry.start as number) % 5 !== 0 || (entry.end as number) % 5 !== 0)) {
    return "Use times on the 5 minutes (9:00, 9:05 …).";
  }
  if (read.some((entry) => (entry.start as number) >= (entry.end as number))) {
    return "Each stretch must end after it starts.";
  }
  const sorted = [...read].sort((a, b) => (a.start as number) - (b.start as number));
  if (
    sorted.some(
      (entry, index) => index > 0 && (entry.start as number) < (sorted[index - 1]?.end as number),
    )
  ) {
    return "These stretches overlap.";
  }
  return undefined;
}

// min-w-0: on a phone the two times shrink to keep Remove on their line.
const INPUT =
  "h-11 w-full min-w-0 rounded-lg border border-line-strong bg-surface px-1.5 text-base text-ink aria-invalid:border-danger sm:w-auto sm:px-3";

/** A day's stretches of hours: a start and an end each, added and removed. */
export function HoursList(props: {
  id: string;
  label: string;
  hours: Hours[];
  error?: string | undefined;
  emptyWords: string;
  onChange: (hours: Hours[]) => void;
}) {
  const { id, label, hours, error, emptyWords, onChange } = props;
  const errorId = `${id}-error`;
  const invalid = error ? true : undefined;
  const described = error ? errorId : undefined;
  return (
    <fieldset className="flex min-w-0 flex-col gap-2 sm:flex-row sm:items-start sm:gap-4">
      <legend className="sr-only">{label}</legend>
      <p aria-hidden="true" className="w-28 shrink-0 pt-2 text-sm font-semibold">
        {label}
      </p>
      <div className="flex min-w-0 flex-col gap-2">
        {hours.length === 0 ? <p className="pt-2 text-sm text-muted">{emptyWords}</p> : null}
        {hours.map((entry, index) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: a stretch has no id; its place names it
            key={index}
            className="grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)_auto] items-center gap-1 sm:flex sm:gap-2"
          >
            <label className="sr-only" htmlFor={`${id}-${index}-start`}>
              {label}, stretch {index + 1}, from
            </label>
            <input
              id={`${id}-${index}-start`}
              type="time"
              step={300}
              value={entry.start}
              aria-invalid={invalid}
              aria-describedby={described}
              className={INPUT}
              onChange={(event) =>
                onChange(
                  hours.map((h, at) => (at === index ? { ...h, start: event.target.value } : h)),
                )
              }
            />
            <span aria-hidden="true">–</span>
            <label className="sr-only" htmlFor={`${id}-${index}-end`}>
              {label}, stretch {index + 1}, until
            </label>
            <input
              id={`${id}-${index}-end`}
              type="time"
              step={300}
              value={entry.end}
              aria-invalid={invalid}
              aria-describedby={described}
              className={INPUT}
              onChange={(event) =>
                onChange(
                  hours.map((h, at) => (at === index ? { ...h, end: event.target.value } : h)),
                )
              }
            />
            {/* On a phone a cross, so the two times keep their width on one line. */}
            <Button
              size="xs"
              variant="ghost"
              className="min-w-11 px-0 sm:px-3"
              aria-label={`Remove ${label}, stretch ${index + 1}`}
              onClick={() => onChange(hours.filter((_, at) => at !== index))}
            >
              <span aria-hidden="true" className="text-lg sm:hidden">
                ✕
              </span>
              <span className="hidden sm:inline">Remove</span>
            </Button>
          </div>
        ))}
        <div>
          <Button
            size="xs"
            variant="outline"
            aria-label={`Add hours to ${label}`}
            onClick={() => onChange([...hours, { start: "09:00", end: "17:00" }])}
          >
            Add hours
          </Button>
        </div>
        {error ? (
          <p id={errorId} className="text-sm font-semibold text-danger">
            {error}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}
