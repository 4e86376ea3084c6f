/**
 * @module The optional web-vitals measurement (docs/architecture.md): the `web-vitals` module
 * loads, as a chunk of its own, only when a report callback is given. The page gives none, so by
 * default nothing is requested, measured or sent.
 */
import type { MetricType } from "web-vitals";
import { loadChunk } from "./load-chunk.ts";

export type WebVitalsReport = (metric: MetricType) => void;

type WebVitalsModule = Pick<
  typeof import("web-vitals"),
  "onCLS" | "onFCP" | "onINP" | "onLCP" | "onTTFB"
>;

const loadWebVitals = (): Promise<WebVitalsModule> => import("web-vitals");

/**
 * Reports CLS, FCP, INP, LCP and TTFB to `onReport` as the browser measures them. Resolves once
 * the measurement is set up (at once without a callback); rejects with `Loading chunk
 * web-vitals failed` when the module cannot be loaded.
 */
export async function reportWebVitals(
  onReport?: WebVitalsReport,
  load: () => Promise<WebVitalsModule> = loadWebVitals,
): Promise<void> {
  if (onReport === undefined) return;
  const vitals = await loadChunk("web-vitals", load);
  for (const on of [vitals.onCLS, vitals.onFCP, vitals.onINP, vitals.onLCP, vitals.onTTFB]) {
    on(onReport);
  }
}
