import { useEffect, useId, useRef, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../lib/cn.ts";
import { loadChunk } from "../../lib/load-chunk.ts";
import type { ChartColours, ChartSpec } from "./chart-spec.ts";

const DARK = "(prefers-color-scheme: dark)";
const MIN_WIDTH = 320;

function coloursOf(element: HTMLElement): ChartColours {
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    accent: read("--color-accent", "#0f5f5c"),
    muted: read("--color-muted", "#505b57"),
    line: read("--color-line", "#e4dfd4"),
    ink: read("--color-ink", "#1b2422"),
  };
}

/** Draws the chart once its chunk has loaded; again when the width or the colour scheme changes. */
function useChart(spec: ChartSpec) {
  const target = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const element = target.current;
    if (element === null) return;
    let drawn: { resize: (width: number) => void; destroy: () => void } | undefined;
    let stopped = false;
    const scheme = window.matchMedia?.(DARK);
    let observer: ResizeObserver | undefined;
    let stopListening = () => {};
    const start = ({ drawChart }: typeof import("./draw-chart.ts")) => {
      const draw = () => {
        drawn?.destroy();
        element.replaceChildren();
        drawn = drawChart(element, spec, coloursOf(element), element.clientWidth || MIN_WIDTH);
      };
      draw();
      scheme?.addEventListener("change", draw);
      stopListening = () => scheme?.removeEventListener("change", draw);
      observer = new ResizeObserver(() => drawn?.resize(element.clientWidth || MIN_WIDTH));
      observer.observe(element);
    };
    loadChunk("draw-chart", () => import("./draw-chart.ts"))
      .then((chunk) => {
        if (!stopped) start(chunk);
      })
      // Without a drawing (no canvas, the chunk not loaded) the table shows instead.
      .catch(() => {
        if (!stopped) setFailed(true);
      });
    return () => {
      stopped = true;
      stopListening();
      observer?.disconnect();
      drawn?.destroy();
    };
  }, [spec]);
  return { target, failed };
}

/** The series' names beside their strokes (solid accent, dashed muted), as `draw-chart.ts` draws them. */
function Legend({ spec }: { spec: ChartSpec }) {
  return (
    <ul aria-hidden="true" className="flex flex-wrap gap-4 text-sm text-ink">
      {spec.series.map((series, index) => (
        <li key={series.label} className="flex items-center gap-2">
          <span
            className={cn(
              "block w-6 border-t-2",
              index === 0 ? "border-accent" : "border-dashed border-muted",
            )}
          />
          {series.label}
        </li>
      ))}
    </ul>
  );
}

export type ChartFigureProps = {
  title: string;
  /** A sentence saying what the chart shows, read before the table. */
  summary: string;
  spec: ChartSpec;
  /** The x labels' column heading in the table. */
  xHeading: string;
};

/**
 * A chart with its figures as a table: the table is always there for screen readers (the
 * drawing is hidden from them), and shown on screen with "Show as a table".
 */
export function ChartFigure({ title, summary, spec, xHeading }: ChartFigureProps) {
  const captionId = useId();
  const tableId = useId();
  const { target, failed } = useChart(spec);
  const [tableShown, setTableShown] = useState(false);
  const showTable = tableShown || failed;
  return (
    <figure aria-labelledby={captionId} className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <figcaption id={captionId} className="font-semibold text-ink">
          {title}
        </figcaption>
        {failed ? null : (
          <Button
            size="xs"
            variant="ghost"
            aria-expanded={tableShown}
            aria-controls={tableId}
            onClick={() => setTableShown((shown) => !shown)}
          >
            {tableShown ? "Show as a chart" : "Show as a table"}
          </Button>
        )}
      </div>
      <p className="text-sm text-muted">{summary}</p>
      {spec.series.length > 1 && !showTable ? <Legend spec={spec} /> : null}
      <div
        ref={target}
        aria-hidden="true"
        className={cn("min-h-[220px] w-full overflow-hidden", showTable && "hidden")}
      />
      <div id={tableId} className={showTable ? "" : "sr-only"}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className="py-2 pr-4 font-semibold">
                {xHeading}
              </th>
              {spec.series.map((series) => (
                <th key={series.label} scope="col" className="py-2 pr-4 text-right font-semibold">
                  {series.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {spec.xLabels.map((label, row) => (
              <tr key={label} className="border-b border-line last:border-0">
                <th scope="row" className="py-1.5 pr-4 font-normal">
                  {label}
                </th>
                {spec.series.map((series) => (
                  <td key={series.label} className="py-1.5 pr-4 text-right tabular-nums">
                    {series.values[row]?.toLocaleString() ?? "–"}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
