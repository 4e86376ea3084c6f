/** A clock a test moves by hand, for `createApp({ now })`: the drafts scheduler reads it too. */
export type TestClock = { now: () => number; set(ms: number): void; advance(ms: number): void };

export function createTestClock(startMs = Date.now()): TestClock {
  let ms = startMs;
  return {
    now: () => ms,
    set(next) {
      ms = next;
    },
    advance(by) {
      ms += by;
    },
  };
}
