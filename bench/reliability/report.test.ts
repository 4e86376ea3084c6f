import { describe, expect, it } from "vitest";
import type { CrashResult } from "./crash/crash-harness.ts";
import type { ReliabilityResults } from "./report/reliability-results.ts";
import { figureRows } from "./report.ts";

const tally = (acknowledged: number, lost = 0) => ({ sent: acknowledged, acknowledged, lost });

const crash = (lost: number): CrashResult => ({
  seed: 1,
  kills: 3,
  synchronous: "NORMAL",
  journalMode: "wal",
  writes: { single: tally(10, lost), bulk: tally(5), editor: tally(2), member: tally(1) },
  cutInFlight: 0,
  partialBulk: 0,
  partialVersions: 0,
  integrityFailures: 0,
});

const results = (sections: Partial<ReliabilityResults>): ReliabilityResults => ({
  startedAt: "2026-01-01T00:00:00.000Z",
  durationSeconds: 1,
  config: {} as ReliabilityResults["config"],
  machine: {} as ReliabilityResults["machine"],
  ...sections,
});

describe("figureRows", () => {
  it("adds no row for a section that did not run", () => {
    expect(figureRows(results({}))).toEqual([]);
  });

  it("fails a section that threw, with the first line of its error", () => {
    expect(figureRows(results({ fuzz: { ok: false, error: "store died\nstack" } }))).toEqual([
      { figure: "Fuzzing", value: "not measured: store died", goal: "", met: false },
    ]);
  });

  it("fails the crash figure when an acknowledged write is lost", () => {
    const [kept] = figureRows(results({ crash: { ok: true, value: crash(0) } }));
    const [lost] = figureRows(results({ crash: { ok: true, value: crash(1) } }));
    expect([kept?.met, lost?.met]).toEqual([true, false]);
    expect(lost?.value).toMatch(/^1 of 18 /);
  });

  it("states an audit that could not run without failing the run", () => {
    const rows = figureRows(
      results({ audit: { ok: true, value: { ok: false, reason: "offline" } } }),
    );
    expect(rows).toEqual([expect.objectContaining({ value: "not measured: offline", met: null })]);
  });
});
