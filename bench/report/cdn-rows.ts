import type { CdnResult } from "../cdn.ts";
import { perSecond, ratio, ratioOf } from "./format.ts";
import type { ReportRow } from "./row.ts";

/** The CDN section's rows: figures beside their baselines (no goal is set for them). */
export function cdnRows(result: CdnResult): ReportRow[] {
  if ("skipped" in result) {
    const row = { section: "CDN (nginx proxy_cache)", figure: "(skipped)" };
    return [{ ...row, ours: result.skipped, baseline: "", ratio: "", goal: "", status: "info" }];
  }
  const rounds = result.rounds > 1 ? `, median of ${result.rounds} alternating runs` : "";
  const section = `CDN: nginx proxy_cache in front of the store (${result.connections} connections, ${result.durationSeconds} s${rounds})`;
  const { cached, staticFile, direct, hitRate } = result;
  return [
    {
      section,
      figure: "GET / through the cache",
      ours: perSecond(cached.requestsPerSecond),
      baseline: `nginx serving the same file ${perSecond(staticFile.requestsPerSecond)}`,
      ratio: ratio(ratioOf(cached.requestsPerSecond, staticFile.requestsPerSecond)),
      goal: "",
      status: "info",
    },
    {
      section,
      figure: "  GET / from the store directly (diagnostic)",
      ours: perSecond(direct.requestsPerSecond),
      baseline: `through the cache ${perSecond(cached.requestsPerSecond)}`,
      ratio: ratio(ratioOf(direct.requestsPerSecond, cached.requestsPerSecond)),
      goal: "",
      status: "info",
    },
    {
      section,
      figure: "Cache hit rate (page + the page's 5 GET queries, visitor token)",
      ours: `${((100 * hitRate.hits) / Math.max(1, hitRate.requests)).toFixed(2)} %`,
      baseline: `${hitRate.hits.toLocaleString("en-US")} of ${hitRate.requests.toLocaleString("en-US")} requests`,
      ratio: "",
      goal: "",
      status: "info",
    },
  ];
}
