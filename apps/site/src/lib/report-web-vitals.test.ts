import { describe, expect, test, vi } from "vitest";
import { reportWebVitals } from "./report-web-vitals.ts";

function fakeWebVitals() {
  const registered: string[] = [];
  const on = (name: string) => (callback: (metric: never) => void) => {
    registered.push(name);
    callback({ name, value: 1 } as never);
  };
  return {
    registered,
    module: {
      onCLS: on("CLS"),
      onFCP: on("FCP"),
      onINP: on("INP"),
      onLCP: on("LCP"),
      onTTFB: on("TTFB"),
    },
  };
}

describe("reportWebVitals", () => {
  test("without a callback nothing is loaded", async () => {
    const load = vi.fn();
    await reportWebVitals(undefined, load);
    expect(load).not.toHaveBeenCalled();
  });

  test("with a callback the module loads and every metric reports to it", async () => {
    const fake = fakeWebVitals();
    const reported: string[] = [];
    await reportWebVitals(
      (metric) => reported.push(metric.name),
      async () => fake.module,
    );
    expect(fake.registered).toEqual(["CLS", "FCP", "INP", "LCP", "TTFB"]);
    expect(reported).toEqual(["CLS", "FCP", "INP", "LCP", "TTFB"]);
  });

  test("a module that fails to load rejects with the chunk error", async () => {
    await expect(
      reportWebVitals(
        () => {},
        () => Promise.reject(new Error("offline")),
      ),
    ).rejects.toThrow("Loading chunk web-vitals failed");
  });
});
