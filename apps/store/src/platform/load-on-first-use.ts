/**
 * @module A module that serves rare requests, loaded when it is first needed rather than when the
 * store starts, so an idle store stays small (docs/benchmarks.md, idle memory). The first caller
 * starts the import and every caller shares it; a failed import is forgotten, so the next caller
 * tries again.
 */
import { createRequire } from "node:module";

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

const requireFromHere = createRequire(import.meta.url);

/**
 * The package `name` (its CommonJS build), required on the first call, for code that must stay
 * synchronous: the built store leaves it in node_modules instead of its bundle, since the name
 * is not a literal import (apps/store/build.mjs).
 */
export function requireOnFirstUse<T>(name: string): () => T {
  let loaded: { module: T } | null = null;
  return () => {
    loaded ??= { module: requireFromHere(name) as T };
    return loaded.module;
  };
}
