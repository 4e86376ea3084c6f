/**
 * @module A module that serves rare requests, loaded when it is first needed rather than when the
 * store starts, so an idle store stays small (docs/benchmarks.md, idle memory). The first caller
 * starts the import and every caller shares it; a failed import is forgotten, so the next caller
 * tries again.
 */

/** `load` runs on the first call only (again after a failure); callers share its answer. */
export function loadOnFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}
