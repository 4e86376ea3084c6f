import { describe, expect, it } from "vitest";
import { readBenchConfig } from "../config.ts";
import type { BenchResults } from "../results.ts";
import {
  ANALYSIS_END,
  ANALYSIS_START,
  extractAnalysis,
  renderBenchmarksDoc,
} from "./benchmarks-doc.ts";

const RESULTS: BenchResults = {
  startedAt: "2026-01-01T00:00:00.000Z",
  durationSeconds: 200,
  config: readBenchConfig({}),
  machine: {
    cpus: 2,
    cpuModel: "Test CPU",
    memoryGb: 8,
    node: "20.0.0",
    chromium: "Chromium 1",
    commit: "abc1234",
    loadAverage: "0.10",
  },
  notes: [],
};

describe("benchmarks doc", () => {
  it("keeps a hand-written analysis block when the file is regenerated", () => {
    const analysis = `${ANALYSIS_START}\nCompression is missing.\n${ANALYSIS_END}`;
    const previous = `# Old\n\n${analysis}\n\nold table`;
    const doc = renderBenchmarksDoc(RESULTS, [], extractAnalysis(previous));
    expect(doc).toContain("Compression is missing.");
    expect(doc).not.toContain("old table");
  });

  it("starts an empty analysis block when there was none", () => {
    const doc = renderBenchmarksDoc(RESULTS, [], extractAnalysis(""));
    expect(extractAnalysis(doc)).toContain("No analysis written yet");
  });

  it("names the commit and the settings that produced the table", () => {
    const doc = renderBenchmarksDoc(RESULTS, [], undefined);
    expect(doc).toContain("commit `abc1234`");
    expect(doc).toContain("Lighthouse 3 run(s) per page");
  });
});
