/** Strip movement per 1/60 s, in percent of the strip width (docs/architecture.md). */
const MARQUEE_STEP_PERCENT = 0.05;
/** One of the three identical logo sets; moving this far looks exactly like the start. */
export const MARQUEE_WRAP_PERCENT = 33.333;

const FRAME_MS = 1000 / 60;
// A long gap (background tab, debugger) should not make the strip jump far ahead.
const MAX_ELAPSED_MS = 100;

/** The offset after `elapsedMs`, time-based so a 120 Hz screen moves at the same speed. */
export function advanceMarqueeOffset(offset: number, elapsedMs: number): number {
  const elapsed = Math.min(Math.max(elapsedMs, 0), MAX_ELAPSED_MS);
  const next = offset + MARQUEE_STEP_PERCENT * (elapsed / FRAME_MS);
  return next >= MARQUEE_WRAP_PERCENT ? next % MARQUEE_WRAP_PERCENT : next;
}

export function marqueeTransform(offset: number): string {
  return `translateX(-${offset.toFixed(4)}%)`;
}
