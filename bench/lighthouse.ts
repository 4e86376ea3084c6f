import lighthouse, { type Result } from "lighthouse";
import { launchChromium } from "./lib/chromium.ts";
import { median } from "./lib/stats.ts";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];

export interface LighthouseRun {
  scores: Record<Category, number>;
  clsScore: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  fontRequests: number;
  /** Audits that cost points, as `category: audit id (score)`. */
  lostPoints: string[];
}

export interface LighthouseSummary {
  url: string;
  runs: LighthouseRun[];
  /** Each figure's median over the runs, taken independently. */
  median: Omit<LighthouseRun, "lostPoints">;
  /** Lost-point audits seen in any run, with how many runs lost them. */
  lostPoints: string[];
}

function numeric(lhr: Result, audit: string): number {
  const value = lhr.audits[audit]?.numericValue;
  if (value === undefined)
    throw new Error(`Lighthouse gave no ${audit} for ${lhr.finalDisplayedUrl}`);
  return value;
}

function fontRequests(lhr: Result): number {
  const details = lhr.audits["network-requests"]?.details;
  if (details?.type !== "table") return 0;
  return details.items.filter((item) => item.resourceType === "Font").length;
}

function lostPoints(lhr: Result): string[] {
  return CATEGORIES.flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? []).flatMap((ref) => {
      const audit = lhr.audits[ref.id];
      if (ref.weight === 0 || !audit || audit.score === null || audit.score >= 1) return [];
      return [`${category}: ${ref.id} (${audit.score.toFixed(2)})`];
    }),
  );
}

function summarizeRun(lhr: Result): LighthouseRun {
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const score = (category: Category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
  return {
    scores: {
      performance: score("performance"),
      accessibility: score("accessibility"),
      "best-practices": score("best-practices"),
      seo: score("seo"),
    },
    clsScore: numeric(lhr, "cumulative-layout-shift"),
    lcpMs: numeric(lhr, "largest-contentful-paint"),
    fcpMs: numeric(lhr, "first-contentful-paint"),
    tbtMs: numeric(lhr, "total-blocking-time"),
    fontRequests: fontRequests(lhr),
    lostPoints: lostPoints(lhr),
  };
}

function summarize(url: string, runs: LighthouseRun[]): LighthouseSummary {
  const of = (pick: (run: LighthouseRun) => number) => median(runs.map(pick));
  const counts = new Map<string, number>();
  for (const item of runs.flatMap((run) => run.lostPoints)) {
    counts.set(item, (counts.get(item) ?? 0) + 1);
  }
  return {
    url,
    runs,
    median: {
      scores: {
        performance: of((run) => run.scores.performance),
        accessibility: of((run) => run.scores.accessibility),
        "best-practices": of((run) => run.scores["best-practices"]),
        seo: of((run) => run.scores.seo),
      },
      clsScore: of((run) => run.clsScore),
      lcpMs: of((run) => run.lcpMs),
      fcpMs: of((run) => run.fcpMs),
      tbtMs: of((run) => run.tbtMs),
      fontRequests: of((run) => run.fontRequests),
    },
    lostPoints: [...counts].map(([item, count]) => `${item} in ${count}/${runs.length} runs`),
  };
}

/**
 * Lighthouse's default (mobile) config, simulated throttling, one Chromium for all runs. The pages
 * are interleaved run by run so that drift on the machine falls on all of them alike.
 */
export async function runLighthouse(
  urls: readonly string[],
  runsPerUrl: number,
): Promise<LighthouseSummary[]> {
  const chrome = await launchChromium();
  try {
    const runs = urls.map(() => [] as LighthouseRun[]);
    for (let round = 0; round < runsPerUrl; round += 1) {
      for (const [index, url] of urls.entries()) {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: [...CATEGORIES],
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
        runs[index]?.push(summarizeRun(result.lhr));
      }
    }
    return urls.map((url, index) => summarize(url, runs[index] ?? []));
  } finally {
    chrome.kill();
  }
}
