import type { AnalyticsResult } from "./analytics.ts";
import type { BookingCreateResult } from "./booking-create.ts";
import type { BookingFeedResult } from "./booking-feed.ts";
import type { CdnResult } from "./cdn.ts";
import type { BenchConfig } from "./config.ts";
import type { FootprintResult } from "./footprint.ts";
import type { GrowthResult } from "./growth.ts";
import type { LighthouseSummary } from "./lighthouse.ts";
import type { PageWeight } from "./page-weight.ts";
import type { ThroughputResult } from "./throughput.ts";
import type { TopologiesResult } from "./topologies.ts";
import type { TtfbResult } from "./ttfb.ts";

/** A section either measured or failed; a failure is reported, never hidden. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: string };

export interface MachineInfo {
  cpus: number;
  cpuModel: string;
  memoryGb: number;
  node: string;
  chromium: string;
  commit: string;
  /** 1-minute load average when the run started. */
  loadAverage: string;
}

export interface PageWeightResult {
  ours: PageWeight;
  bare: PageWeight;
  /** Where our HTML came from: the running server, or the built template when it could not run. */
  oursSource: string;
  /** The analytics beacon's chunk, gz: imported after the page loads, so not in `jsGz`. */
  beaconGz?: number;
  /** The booking page's own JS beyond React (`booking.html`, gz); absent in older results. */
  bookingNonReactGz?: number;
}

export interface LighthouseResult {
  ours: LighthouseSummary | undefined;
  bare: LighthouseSummary;
  /** Diagnostic: our exact HTML and assets served by the bare page's gzip static server. */
  oursStatic: LighthouseSummary | undefined;
  /** Our page with the browser set to dark (`prefers-color-scheme: dark`). */
  oursDark?: LighthouseSummary | undefined;
}

export interface BenchResults {
  startedAt: string;
  durationSeconds: number;
  config: BenchConfig;
  machine: MachineInfo;
  /** Things a reader must know to trust the figures (fallbacks taken, servers that failed). */
  notes: string[];
  pageWeight?: Outcome<PageWeightResult>;
  lighthouse?: Outcome<LighthouseResult>;
  ttfb?: Outcome<TtfbResult>;
  throughput?: Outcome<ThroughputResult>;
  footprint?: Outcome<FootprintResult>;
  cdn?: Outcome<CdnResult>;
  topologies?: Outcome<TopologiesResult>;
  growth?: Outcome<GrowthResult>;
  /** The growth section on PostgreSQL; skipped when no server is configured. */
  growthPg?: Outcome<GrowthResult | { unavailable: string }>;
  /** Time slots over 30 days with 200 bookings and the owner's 2,000-event calendar feed. */
  bookingFeed?: Outcome<BookingFeedResult>;
  /** Bursts of 64 concurrent bookings on distinct slots, on SQLite and PostgreSQL. */
  bookingCreate?: Outcome<BookingCreateResult>;
  analytics?: Outcome<AnalyticsResult>;
}
