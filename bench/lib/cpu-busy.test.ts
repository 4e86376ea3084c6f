import { describe, expect, it } from "vitest";
import { busyShare, sampleCpu } from "./cpu-busy.ts";

describe("busyShare", () => {
  it("is the busy part of the time that passed on all cores", () => {
    expect(busyShare({ busyMs: 100, totalMs: 1_000 }, { busyMs: 850, totalMs: 2_000 })).toBe(0.75);
  });

  it("is 0 when no time passed, and never leaves 0..1", () => {
    expect(busyShare({ busyMs: 5, totalMs: 10 }, { busyMs: 5, totalMs: 10 })).toBe(0);
    expect(busyShare({ busyMs: 0, totalMs: 0 }, { busyMs: 20, totalMs: 10 })).toBe(1);
  });

  it("reads the machine's own counters, which only grow", () => {
    const first = sampleCpu();
    const second = sampleCpu();
    expect(first.totalMs).toBeGreaterThan(0);
    expect(second.totalMs).toBeGreaterThanOrEqual(first.totalMs);
    expect(second.busyMs).toBeGreaterThanOrEqual(first.busyMs);
  });
});
