/**
 * @module The dashboard's charts with uPlot: loaded as a chunk of its own when the Analytics
 * view first draws one, so neither the page nor the rest of the editor carries it.
 */
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import type { ChartColours, ChartSpec } from "./chart-spec.ts";

export type DrawnChart = { resize: (width: number) => void; destroy: () => void };

const HEIGHT = 220;
// Whole steps only: the x axis counts days or funnel steps, never halves of them.
const STEPS = [1, 2, 5, 7, 14, 30, 61, 91, 183];
const COUNT_STEPS = [
  1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1e3, 2e3, 5e3, 1e4, 2e4, 5e4, 1e5,
];

function options(spec: ChartSpec, colours: ChartColours, width: number): uPlot.Options {
  const bars = spec.kind === "bars";
  const axis = {
    stroke: colours.muted,
    grid: { stroke: colours.line, width: 1 },
    ticks: { stroke: colours.line, width: 1 },
    font: "12px system-ui, sans-serif",
  };
  return {
    width,
    height: HEIGHT,
    legend: { show: false },
    cursor: { show: !bars, points: { show: false }, drag: { x: false, y: false } },
    select: { show: false, left: 0, top: 0, width: 0, height: 0 },
    scales: {
      x: { time: false, range: (_u, min, max) => (bars ? [min - 0.5, max + 0.5] : [min, max]) },
      y: { range: (_u, _min, max) => [0, Math.max(1, max)] },
    },
    axes: [
      {
        ...axis,
        incrs: STEPS,
        values: (_u, splits) => splits.map((at) => spec.xLabels[at] ?? ""),
      },
      { ...axis, incrs: COUNT_STEPS, size: 48 },
    ],
    series: [
      {},
      ...spec.series.map((series, index) => ({
        label: series.label,
        stroke: index === 0 ? colours.accent : colours.muted,
        width: 2,
        ...(index === 0 ? {} : { dash: [6, 4] }),
        ...(bars
          ? {
              fill: colours.accent,
              paths: uPlot.paths.bars?.({ size: [0.6, 120] }),
              points: { show: false },
            }
          : { points: { show: spec.xLabels.length <= 31, size: 5, fill: colours.accent } }),
      })),
    ],
  };
}

/** Draws `spec` into `target` at `width` CSS pixels wide. */
export function drawChart(
  target: HTMLElement,
  spec: ChartSpec,
  colours: ChartColours,
  width: number,
): DrawnChart {
  const data: uPlot.AlignedData = [
    spec.xLabels.map((_label, index) => index),
    ...spec.series.map((series) => [...series.values]),
  ];
  const plot = new uPlot(options(spec, colours, width), data, target);
  return {
    resize: (next) => plot.setSize({ width: next, height: HEIGHT }),
    destroy: () => plot.destroy(),
  };
}
