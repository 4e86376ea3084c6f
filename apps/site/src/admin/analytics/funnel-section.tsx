import type { AnalyticsFunnelRow, AnalyticsReport } from "@consultant/site-content/wire";
import { useId, useMemo } from "react";
import { ChartFigure } from "./chart-figure.tsx";
import { formatCount, formatRate } from "./figures.ts";
import { funnelChart, nameOf } from "./report-view.ts";

function summaryOf(total: AnalyticsFunnelRow): string {
  return (
    `${formatCount(total.visitors)} visited, ${formatCount(total.bookingPage)} went to book (the ` +
    `booking page or link: ${formatRate(total.bookingPage, total.visitors)}), ` +
    `${formatCount(total.booked)} booked ` +
    `(${formatRate(total.booked, total.visitors)} of the visitors).`
  );
}

/** Visit → booking page → booked: the bars for everyone, then each source's rates. */
export function FunnelSection({ report }: { report: AnalyticsReport }) {
  const headingId = useId();
  const spec = useMemo(() => funnelChart(report), [report]);
  const { total, bySource } = report.funnel;
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-4 rounded-xl border border-line bg-surface p-4 sm:p-5"
    >
      <h3 id={headingId} className="font-serif text-xl font-semibold">
        From visit to booking
      </h3>
      <ChartFigure
        title="Visitors at each step"
        summary={summaryOf(total)}
        spec={spec}
        xHeading="Step"
      />
      <div>
        <table className="w-full text-left text-xs sm:text-sm [&_td]:whitespace-nowrap">
          <caption className="pb-2 text-left text-sm font-semibold text-ink">
            By source: who went to book and who booked
          </caption>
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className="py-2 pr-3 font-semibold">
                Source
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-semibold">
                Visitors
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-semibold">
                Went to book
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-semibold">
                Booked
              </th>
              <th scope="col" className="py-2 text-right font-semibold">
                Rate<span className="sr-only"> of booking</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {bySource.length === 0 ? (
              <tr>
                <td colSpan={5} className="py-2 text-muted">
                  No visitors in this range.
                </td>
              </tr>
            ) : (
              bySource.map((row) => (
                <tr key={row.source} className="border-b border-line last:border-0">
                  <th scope="row" className="py-1.5 pr-3 font-normal [overflow-wrap:anywhere]">
                    {nameOf(row.source)}
                  </th>
                  <td className="py-1.5 pr-3 text-right tabular-nums">
                    {formatCount(row.visitors)}
                  </td>
                  <td className="py-1.5 pr-3 text-right tabular-nums">
                    {formatCount(row.bookingPage)}
                  </td>
                  <td className="py-1.5 pr-3 text-right tabular-nums">{formatCount(row.booked)}</td>
                  <td className="py-1.5 text-right tabular-nums">{formatRate(row.rate, 1)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
