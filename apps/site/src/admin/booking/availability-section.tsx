import { useMemo, useState } from "react";
import { useAnnounce } from "../../components/ui/announcer.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Notice } from "../../components/ui/notice.tsx";
import { errorMessage } from "../api/store-errors.ts";
import { type BookingApi, fieldErrorsOf, type Hours, type Schedule } from "./booking-api.ts";
import { BookingSubsection } from "./booking-subsection.tsx";
import { HoursList, hoursProblem } from "./hours-list.tsx";
import { ZonePicker } from "./zone-picker.tsx";

const DAYS = [
  ["MON", "Monday"],
  ["TUE", "Tuesday"],
  ["WED", "Wednesday"],
  ["THU", "Thursday"],
  ["FRI", "Friday"],
  ["SAT", "Saturday"],
  ["SUN", "Sunday"],
] as const;

type Override = { date: string; off: boolean; hours: Hours[] };
type Draft = { zone: string; weekly: Record<string, Hours[]>; overrides: Override[] };
type Errors = Record<string, string>;

function draftOf(schedule: Schedule): Draft {
  const weekly: Record<string, Hours[]> = {};
  for (const [day] of DAYS) weekly[day] = [];
  for (const entry of schedule.weekly)
    weekly[entry.day]?.push({ start: entry.start, end: entry.end });
  return {
    zone: schedule.timeZone,
    weekly,
    overrides: schedule.overrides.map((entry) => ({
      date: entry.date,
      off: entry.hours.length === 0,
      hours: entry.hours,
    })),
  };
}

function scheduleOf(draft: Draft): Schedule {
  return {
    timeZone: draft.zone,
    weekly: DAYS.flatMap(([day]) => (draft.weekly[day] ?? []).map((hours) => ({ day, ...hours }))),
    overrides: draft.overrides.map((entry) => ({
      date: entry.date,
      hours: entry.off ? [] : entry.hours,
    })),
  };
}

function check(draft: Draft): Errors {
  const errors: Errors = {};
  for (const [day] of DAYS) {
    const problem = hoursProblem(draft.weekly[day] ?? []);
    if (problem) errors[day] = problem;
  }
  const seen = new Set<string>();
  draft.overrides.forEach((entry, index) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(entry.date)) errors[`override-${index}`] = "Choose a date.";
    else if (seen.has(entry.date)) errors[`override-${index}`] = "This date is listed twice.";
    else if (!entry.off) {
      const problem =
        entry.hours.length === 0 ? "Add hours, or make it a day off." : hoursProblem(entry.hours);
      if (problem) errors[`override-${index}`] = problem;
    }
    seen.add(entry.date);
  });
  return errors;
}

/** The store's refusal, by the draft's places: `weekly[3]` is the day of the 4th stretch sent. */
function serverErrors(error: unknown, sent: Schedule): Errors {
  const errors: Errors = {};
  for (const [field, words] of Object.entries(fieldErrorsOf(error))) {
    const weekly = /^weekly\[(\d+)\]/.exec(field);
    const override = /^overrides\[(\d+)\]/.exec(field);
    const day = /the hours of (\w{3})/.exec(words)?.[1];
    if (field === "timeZone") errors.zone = words;
    else if (weekly) errors[sent.weekly[Number(weekly[1])]?.day ?? "MON"] = words;
    else if (field === "weekly" && day) errors[day] = words;
    else if (override) errors[`override-${override[1]}`] = words;
  }
  return errors;
}

/** When visitors can book: the owner's zone, weekly hours and dates that differ. */
export function AvailabilitySection(props: {
  booking: BookingApi;
  schedule: Schedule;
  onSaved: (schedule: Schedule) => void;
}) {
  const { booking, schedule, onSaved } = props;
  const announce = useAnnounce();
  const [draft, setDraft] = useState(() => draftOf(schedule));
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);
  const today = useMemo(() => new Date().toISOString().slice(0, 10), []);

  const setDay = (day: string, hours: Hours[]) => {
    setDraft((current) => ({ ...current, weekly: { ...current.weekly, [day]: hours } }));
    setErrors(({ [day]: _gone, ...rest }) => rest);
  };
  const setOverride = (index: number, change: Partial<Override>) => {
    setDraft((current) => ({
      ...current,
      overrides: current.overrides.map((entry, at) =>
        at === index ? { ...entry, ...change } : entry,
      ),
    }));
    setErrors(({ [`override-${index}`]: _gone, ...rest }) => rest);
  };

  async function save() {
    if (busy) return;
    const found = check(draft);
    setErrors(found);
    setProblem("");
    if (Object.keys(found).length > 0) {
      setProblem("Some hours need a look: see the marked days.");
      return;
    }
    setBusy(true);
    const sent = scheduleOf(draft);
    try {
      const saved = await booking.saveSchedule(sent);
      onSaved(saved);
      announce("Your availability is saved.");
    } catch (error) {
      const mapped = serverErrors(error, sent);
      setErrors(mapped);
      setProblem(
        Object.keys(mapped).length > 0
          ? "The store refused some hours: see the marked days."
          : errorMessage(error),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <BookingSubsection
      id="booking-availability"
      title="Availability"
      intro="Your working hours, read on your own clock. Visitors see them in their time zone."
    >
      <form
        noValidate
        className="flex flex-col gap-5"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        {problem ? <Notice tone="error">{problem}</Notice> : null}
        <ZonePicker
          value={draft.zone}
          error={errors.zone}
          onChange={(zone) => setDraft((current) => ({ ...current, zone }))}
        />
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 font-semibold">Weekly hours</legend>
          {DAYS.map(([day, label]) => (
            <HoursList
              key={day}
              id={`hours-${day}`}
              label={label}
              hours={draft.weekly[day] ?? []}
              error={errors[day]}
              emptyWords="Closed"
              onChange={(hours) => setDay(day, hours)}
            />
          ))}
        </fieldset>
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 font-semibold">Dates that differ</legend>
          <p className="text-sm text-muted">
            A day off, or other hours on one date (a holiday, a long day).
          </p>
          {draft.overrides.length === 0 ? <p className="text-sm">None.</p> : null}
          <ul className="grid gap-3" aria-label="Dates that differ">
            {draft.overrides.map((entry, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved; the index is their place
              <li key={index} className="flex flex-col gap-3 rounded-lg border border-line p-3">
                <div className="flex flex-wrap items-end gap-3">
                  <div className="flex flex-col gap-1.5">
                    <label htmlFor={`override-${index}-date`} className="text-sm font-semibold">
                      Date
                    </label>
                    <input
                      id={`override-${index}-date`}
                      type="date"
                      min={today}
                      value={entry.date}
                      aria-invalid={errors[`override-${index}`] ? true : undefined}
                      aria-describedby={
                        errors[`override-${index}`] ? `override-${index}-error` : undefined
                      }
                      onChange={(event) => setOverride(index, { date: event.target.value })}
                      className="h-11 rounded-lg border border-line-strong bg-surface px-3 text-base text-ink aria-invalid:border-danger"
                    />
                  </div>
                  <label className="flex h-11 items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="size-4 accent-accent"
                      checked={entry.off}
                      onChange={(event) => setOverride(index, { off: event.target.checked })}
                    />
                    Day off
                  </label>
                  <Button
                    size="xs"
                    variant="danger"
                    onClick={() =>
                      setDraft((current) => ({
                        ...current,
                        overrides: current.overrides.filter((_, at) => at !== index),
                      }))
                    }
                  >
                    Remove<span className="sr-only"> {entry.date || "this date"}</span>
                  </Button>
                </div>
                {entry.off ? null : (
                  <HoursList
                    id={`override-${index}-hours`}
                    label={`Hours on ${entry.date || "this date"}`}
                    hours={entry.hours}
                    emptyWords="No hours yet"
                    onChange={(hours) => setOverride(index, { hours })}
                  />
                )}
                {errors[`override-${index}`] ? (
                  <p id={`override-${index}-error`} className="text-sm font-semibold text-danger">
                    {errors[`override-${index}`]}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
          <div>
            <Button
              variant="outline"
              size="sm"
              onClick={() =>
                setDraft((current) => ({
                  ...current,
                  overrides: [...current.overrides, { date: "", off: true, hours: [] }],
                }))
              }
            >
              Add a date
            </Button>
          </div>
        </fieldset>
        <div>
          <Button type="submit" aria-disabled={busy}>
            {busy ? "Saving…" : "Save availability"}
          </Button>
        </div>
      </form>
    </BookingSubsection>
  );
}
