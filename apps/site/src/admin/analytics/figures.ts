/** How the dashboard writes its figures: counts, shares, visit lengths and changes. */

const COUNT = new Intl.NumberFormat(undefined);

export function formatCount(value: number): string {
  return COUNT.format(value);
}

/** A share of a whole (0.125 → "12.5 %"); nothing of nothing reads as "–". */
export function formatRate(part: number, whole: number): string {
  if (whole <= 0) return "–";
  const percent = (part / whole) * 100;
  const digits = percent !== 0 && percent < 10 ? 1 : 0;
  return `${percent.toFixed(digits)}\u00a0%`;
}

/** A visit's length in seconds: "45 s", "2 min 5 s", "1 h 3 min". */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return `${whole} s`;
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) {
    const rest = whole % 60;
    return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
  }
  const rest = minutes % 60;
  return rest === 0 ? `${Math.floor(minutes / 60)} h` : `${Math.floor(minutes / 60)} h ${rest} min`;
}

export type Change = { direction: "up" | "down" | "same" | "new"; text: string };

/** How `current` compares with `previous`, in words a screen reader reads as they are. */
export function changeOf(current: number, previous: number): Change {
  if (current === previous) return { direction: "same", text: "no change" };
  if (previous === 0) return { direction: "new", text: `up from 0` };
  const percent = Math.round((Math.abs(current - previous) / previous) * 100);
  const direction = current > previous ? "up" : "down";
  return { direction, text: `${direction} ${percent}\u00a0%` };
}
