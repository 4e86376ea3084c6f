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
    expect(
      figureRows(results({ fuzz: { sqlite: { ok: false, error: "store died\nstack" } } })),
    ).toEqual([
      {
        figure: "Fuzzing",
        value: "not measured: store died",
        postgres: "not run",
        goal: "",
        met: false,
      },
    ]);
  });

  it("fails the fuzzing's leak figure when a visitor's answer held a members-only value", () => {
    const fuzz = (membersOnlyLeaks: number) => ({
      seed: 1,
      requests: 10,
      uncredentialed: 5,
      serverErrors: 0,
      contentChanges: 0,
      dropped: 0,
      byStatus: {},
      aliveAfter: true,
      visitorAnswers: 4,
      membersOnlyLeaks,
      failures: [],
    });
    const leakRow = (leaks: number) =>
      figureRows(results({ fuzz: { sqlite: { ok: true, value: fuzz(leaks) } } })).find((row) =>
        row.figure.includes("members-only"),
      );
    expect(leakRow(0)).toMatchObject({ value: "0 in 4 answers", met: true });
    expect(leakRow(1)).toMatchObject({ value: "1 in 4 answers", met: false });
  });

  it("fails the crash figure when an acknowledged write is lost", () => {
    const [kept] = figureRows(results({ crash: { sqlite: { ok: true, value: crash(0) } } }));
    const [lost] = figureRows(results({ crash: { sqlite: { ok: true, value: crash(1) } } }));
    expect([kept?.met, lost?.met]).toEqual([true, false]);
    expect(lost?.value).toMatch(/^1 of 18 /);
  });

  it("shows each engine's figure side by side and fails the row when either engine fails it", () => {
    const rows = figureRows(
      results({
        crash: { sqlite: { ok: true, value: crash(0) }, postgres: { ok: true, value: crash(2) } },
      }),
    );
    expect(rows[0]?.value).toMatch(/^0 of 18 /);
    expect(rows[0]?.postgres).toMatch(/^2 of 18 /);
    expect(rows[0]?.met).toBe(false);
  });

  it("says not run for PostgreSQL, whose server was not named, without failing the row", () => {
    const rows = figureRows(results({ crash: { sqlite: { ok: true, value: crash(0) } } }));
    expect(rows.map((row) => row.postgres)).toEqual(["not run", "", "", ""]);
    expect(rows[0]?.met).toBe(true);
  });

  it("keeps the other engine's rows when one engine's run threw", () => {
    const rows = figureRows(
      results({
        crash: { sqlite: { ok: true, value: crash(0) }, postgres: { ok: false, error: "gone" } },
      }),
    );
    expect(rows).toHaveLength(4);
    expect([rows[0]?.postgres, rows[0]?.met, rows[1]?.postgres]).toEqual([
      "not measured: gone",
      false,
      "",
    ]);
  });

  it("states an audit that could not run without failing the run", () => {
    const rows = figureRows(
      results({ audit: { ok: true, value: { ok: false, reason: "offline" } } }),
    );
    expect(rows).toEqual([expect.objectContaining({ value: "not measured: offline", met: null })]);
  });
});
