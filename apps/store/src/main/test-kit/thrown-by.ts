/** @module The error a call throws, for tests that ask what kind it is (e.g. `isUniqueViolation`). */
export function thrownBy(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to throw");
}
