import { describe, expect, test } from "vitest";
import { readBeaconsPerMinute } from "./analytics-config.ts";

describe("ANALYTICS_BEACONS_PER_MINUTE", () => {
  test("120 unless set; a whole number from 1 to 1,000,000; anything else stops the start", () => {
    expect(readBeaconsPerMinute(undefined)).toEqual({ perMinute: 120 });
    expect(readBeaconsPerMinute(" ")).toEqual({ perMinute: 120 });
    expect(readBeaconsPerMinute("5000")).toEqual({ perMinute: 5000 });
    for (const bad of ["0", "-1", "1.5", "lots", "1000001"]) {
      expect(() => readBeaconsPerMinute(bad)).toThrow(/ANALYTICS_BEACONS_PER_MINUTE/);
    }
  });
});
