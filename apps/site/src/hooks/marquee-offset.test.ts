import { describe, expect, it } from "vitest";
import { advanceMarqueeOffset, MARQUEE_WRAP_PERCENT, marqueeTransform } from "./marquee-offset.ts";

describe("advanceMarqueeOffset", () => {
  it("moves 0.05 % per 1/60 s", () => {
    expect(advanceMarqueeOffset(0, 1000 / 60)).toBeCloseTo(0.05, 10);
  });

  it("moves the same distance per second at 60 Hz and at 120 Hz", () => {
    let at60 = 0;
    let at120 = 0;
    for (let frame = 0; frame < 60; frame++) at60 = advanceMarqueeOffset(at60, 1000 / 60);
    for (let frame = 0; frame < 120; frame++) at120 = advanceMarqueeOffset(at120, 1000 / 120);
    expect(at60).toBeCloseTo(3, 6);
    expect(at120).toBeCloseTo(at60, 6);
  });

  it("wraps back past 33.333 % so the loop is seamless", () => {
    const next = advanceMarqueeOffset(MARQUEE_WRAP_PERCENT - 0.01, 1000 / 60);
    expect(next).toBeCloseTo(0.04, 6);
  });

  it("does not jump ahead after a long pause between frames", () => {
    expect(advanceMarqueeOffset(0, 60_000)).toBeCloseTo(0.3, 6);
  });
});

describe("marqueeTransform", () => {
  it("translates the strip leftward by the offset in percent", () => {
    expect(marqueeTransform(12.5)).toBe("translateX(-12.5000%)");
  });
});
