/**
 * The dashboard's ranges: today, the last 7 / 30 / 365 days, or the owner's own dates, each
 * compared with the period of the same length just before it. Days are calendar dates
 * (`YYYY-MM-DD`) in the owner's time zone, which the store counts in (docs/privacy.md).
 */

export type RangeChoice =
  | { kind: "today" }
  | { kind: "days"; days: 7 | 30 | 365 }
  | { kind: "custom"; from: string; to: string };

/** First and last day, both included. */
export type DayRange = { from: string; to: string };

export const PRESETS: readonly { id: string; label: string; choice: RangeChoice }[] = [
  { id: "today", label: "Today", choice: { kind: "today" } },
  { id: "7", label: "7 days", choice: { kind: "days", days: 7 } },
  { id: "30", label: "30 days", choice: { kind: "days", days: 30 } },
  { id: "365", label: "365 days", choice: { kind: "days", days: 365 } },
];

/** The longest custom range the dashboard asks for (the store keeps daily figures longer). */
export const MAX_CUSTOM_DAYS = 366;

const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function toMs(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

function toDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** `day` moved by `days` (negative: earlier). */
export function addDays(day: string, days: number): string {
  return toDay(toMs(day) + days * DAY_MS);
}

/** How many days the range holds, both ends counted. */
export function lengthInDays({ from, to }: DayRange): number {
  return Math.round((toMs(to) - toMs(from)) / DAY_MS) + 1;
}

/** The days a choice covers, ending `today` (the owner's date). */
export function rangeOf(choice: RangeChoice, today: string): DayRange {
  if (choice.kind === "today") return { from: today, to: today };
  if (choice.kind === "days") return { from: addDays(today, 1 - choice.days), to: today };
  return { from: choice.from, to: choice.to };
}

/** The period of the same length just before `range`. */
export function previousOf(range: DayRange): DayRange {
  const days = lengthInDays(range);
  return { from: addDays(range.from, -days), to: addDays(range.from, -1) };
}

/** Why custom dates cannot be asked for, or null when they can. */
export function customProblem(from: string, to: string, today: string): string | null {
  if (!DAY.test(from) || Number.isNaN(toMs(from))) return "Choose the first day.";
  if (!DAY.test(to) || Number.isNaN(toMs(to))) return "Choose the last day.";
  if (from > to) return "The first day must come before the last day.";
  if (to > today) return "The last day cannot be after today.";
  if (lengthInDays({ from, to }) > MAX_CUSTOM_DAYS) {
    return `Choose at most ${MAX_CUSTOM_DAYS} days.`;
  }
  return null;
}

const LONG = new Intl.DateTimeFormat(undefined, {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/** `3 Dec 2026` or `27 Nov 2026 – 3 Dec 2026` in the owner's language. */
export function describeRange({ from, to }: DayRange): string {
  const first = LONG.format(toMs(from));
  return from === to ? first : `${first} – ${LONG.format(toMs(to))}`;
}

/** What the dashboard calls the previous period, after "compared with". */
export function describePrevious(choice: RangeChoice): string {
  if (choice.kind === "today") return "yesterday";
  if (choice.kind === "days") return `the ${choice.days} days before`;
  return "the same number of days before";
}
