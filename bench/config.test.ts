import { describe, expect, it } from "vitest";
import { readBenchConfig } from "./config.ts";

describe("readBenchConfig", () => {
  it("runs every section at full size by default", () => {
    const config = readBenchConfig({});
    expect(config.sections).toEqual([
      "page-weight",
      "lighthouse",
      "ttfb",
      "throughput",
      "footprint",
      "cdn",
      "topologies",
      "growth",
      "booking-feed",
      "booking-create",
      "analytics",
    ]);
    expect(config.growthSizes).toEqual([1_000, 10_000, 100_000, 1_000_000]);
    expect(config.lighthouseRuns).toBe(3);
  });

  it("shrinks sizes and skips the doc in quick mode", () => {
    const config = readBenchConfig({ BENCH_QUICK: "1" });
    expect(config.growthSizes).toEqual([1_000, 10_000, 100_000]);
    expect(config.writeDoc).toBe(false);
  });

  it("reads growth sizes with k and m suffixes", () => {
    expect(readBenchConfig({ BENCH_GROWTH_SIZES: "1k, 2m" }).growthSizes).toEqual([
      1_000, 2_000_000,
    ]);
  });

  it("takes PostgreSQL's URL from BENCH_DATABASE_URL, else the store's test server", () => {
    expect(readBenchConfig({}).databaseUrl).toBeUndefined();
    expect(
      readBenchConfig({
        STORE_TEST_DATABASE_URL: "postgres://t/x",
        BENCH_DATABASE_URL: "postgres://b/y",
      }).databaseUrl,
    ).toBe("postgres://b/y");
    expect(readBenchConfig({ STORE_TEST_DATABASE_URL: "postgres://t/x" }).databaseUrl).toBe(
      "postgres://t/x",
    );
  });

  it("rejects an unknown section name", () => {
    expect(() => readBenchConfig({ BENCH_ONLY: "page-weight,speed" })).toThrow(
      /unknown section "speed"/,
    );
  });

  it("measures the topologies' workloads BENCH_TOPOLOGY_WORKLOADS names, all by default", () => {
    expect(readBenchConfig({}).topologyWorkloads).toEqual(["page", "query", "write"]);
    expect(readBenchConfig({ BENCH_TOPOLOGY_WORKLOADS: "write" }).topologyWorkloads).toEqual([
      "write",
    ]);
    expect(() => readBenchConfig({ BENCH_TOPOLOGY_WORKLOADS: "writes" })).toThrow(
      /unknown workload "writes"/,
    );
  });

  it("rejects a non-positive number", () => {
    expect(() => readBenchConfig({ BENCH_CONNECTIONS: "0" })).toThrow(/BENCH_CONNECTIONS/);
  });
});
