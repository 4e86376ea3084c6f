import { expect, test } from "vitest";
import { readReliabilityConfig } from "./config.ts";

test("the full sizes are 100 kills, 10,000 fuzz requests, 256 connections for 60 s", () => {
  expect(readReliabilityConfig({})).toMatchObject({
    quick: false,
    kills: 100,
    fuzzRequests: 10_000,
    loadConnections: 256,
    loadSeconds: 60,
  });
});

test("RELIABILITY_QUICK=1 runs every section at small sizes", () => {
  const config = readReliabilityConfig({ RELIABILITY_QUICK: "1" });
  expect(config.kills).toBeLessThan(10);
  expect(config.loadSeconds).toBeLessThan(10);
  expect(config.sections).toContain("crash");
});

test("a size variable overrides its size", () => {
  expect(readReliabilityConfig({ CRASH_KILLS: "7", FUZZ_REQUESTS: "50000" })).toMatchObject({
    kills: 7,
    fuzzRequests: 50_000,
  });
});

test.each([
  ["CRASH_KILLS", "0"],
  ["FUZZ_REQUESTS", "many"],
  ["LOAD_SECONDS", "1.5"],
])("%s=%s is refused with its name", (name, value) => {
  expect(() => readReliabilityConfig({ [name]: value })).toThrow(name);
});

test("RELIABILITY_SECTIONS picks sections and refuses unknown ones", () => {
  expect(readReliabilityConfig({ RELIABILITY_SECTIONS: "fuzz, crash" }).sections).toEqual([
    "fuzz",
    "crash",
  ]);
  expect(() => readReliabilityConfig({ RELIABILITY_SECTIONS: "fuzz,speed" })).toThrow("speed");
});
