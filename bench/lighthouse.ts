import lighthouse, { type Result } from "lighthouse";
import { type ColorScheme, launchChromium } from "./lib/chromium.ts";
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
  /** Audits that cost points in this run. */
  lostPoints: LostPoints[];
  /** Lighthouse's estimated LCP savings per improvement audit, in ms. */
  opportunities: Record<string, number>;
}

export interface LostPoints {
  /** `category: audit id`. */
  audit: string;
  score: number;
}

export interface LighthouseSummary {
  url: string;
  runs: LighthouseRun[];
  /** Each figure's median over the runs, taken independently. */
  median: Omit<LighthouseRun, "lostPoints" | "opportunities">;
  /** Audits that cost points in any run, with score range and run count. */
  lostPoints: string[];
  /** Improvements Lighthouse estimates would shorten LCP, largest first. */
  opportunities: string[];
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

function lostPoints(lhr: Result): LostPoints[] {
  return CATEGORIES.flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? []).flatMap((ref) => {
      const audit = lhr.audits[ref.id];
      if (ref.weight === 0 || !audit || audit.score === null || audit.score >= 1) return [];
      return [{ audit: `${category}: ${ref.id}`, score: audit.score }];
    }),
  );
}

function opportunities(lhr: Result): Record<string, number> {
  const found: Record<string, number> = {};
  for (const [id, audit] of Object.entries(lhr.audits)) {
    const lcp = audit.metricSavings?.LCP ?? 0;
    if (lcp > 0) found[id] = lcp;
  }
  return found;
}

/** Each improvement audit seen in any run, with its median estimated LCP saving. */
function describeOpportunities(runs: readonly LighthouseRun[]): string[] {
  const savings = new Map<string, number[]>();
  for (const [id, ms] of runs.flatMap((run) => Object.entries(run.opportunities))) {
    savings.set(id, [...(savings.get(id) ?? []), ms]);
  }
  return [...savings]
    .map(([id, values]) => ({ id, ms: median(values) }))
    .sort((a, b) => b.ms - a.ms)
    .map(({ id, ms }) => `${id} (LCP -${Math.round(ms)} ms)`);
}

/** Each audit that cost points in any run, with its score range and how many runs it cost. */
function describeLostPoints(runs: readonly LighthouseRun[]): string[] {
  const scores = new Map<string, number[]>();
  for (const item of runs.flatMap((run) => run.lostPoints)) {
    scores.set(item.audit, [...(scores.get(item.audit) ?? []), item.score]);
  }
  return [...scores].map(([audit, values]) => {
    const low = Math.min(...values).toFixed(2);
    const high = Math.max(...values).toFixed(2);
    const range = low === high ? low : `${low}-${high}`;
    return `${audit} (score ${range}, ${values.length}/${runs.length} runs)`;
  });
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
    opportunities: opportunities(lhr),
  };
}

function summarize(url: string, runs: LighthouseRun[]): LighthouseSummary {
  const of = (pick: (run: LighthouseRun) => number) => median(runs.map(pick));
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
    lostPoints: describeLostPoints(runs),
    opportunities: describeOpportunities(runs),
  };
}

/**
 * Lighthouse's default (mobile) config, simulated throttling, one Chromium for all runs. The pages
 * are interleaved run by run so that drift on the machine falls on all of them alike.
 */
export async function runLighthouse(
  urls: readonly string[],
  runsPerUrl: number,
  colorScheme: ColorScheme = "light",
): Promise<LighthouseSummary[]> {
  const chrome = await launchChromium(colorScheme);
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
