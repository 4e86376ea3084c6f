/** What a chart shows, apart from how it is drawn (the drawing is `draw-chart.ts`, a lazy chunk). */

export type ChartSeries = {
  label: string;
  /** One value per x label. */
  values: readonly number[];
  /** The first series is drawn in the accent colour, solid; the second muted and dashed. */
};

export type ChartSpec = {
  /** Lines over days, or bars (the funnel's steps). */
  kind: "lines" | "bars";
  xLabels: readonly string[];
  series: readonly ChartSeries[];
};

/** The palette's colours the chart reads from the page (theme.css, theme-dark.css). */
export type ChartColours = { accent: string; muted: string; line: string; ink: string };
