import type { AnalyticsReport } from "@consultant/site-content/wire";
import { useId } from "react";
import { changeOf, formatCount } from "./figures.ts";
import { conversionRows } from "./report-view.ts";

/** Each conversion the server counted: how many, as a share of the visitors, and the change. */
export function ConversionsTable({
  report,
  previousLabel,
}: {
  report: AnalyticsReport;
  previousLabel: string;
}) {
  const headingId = useId();
  const rows = conversionRows(report.totals, report.previousTotals);
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-3 rounded-xl border border-line bg-surface p-4 sm:p-5"
    >
      <h3 id={headingId} className="font-serif text-xl font-semibold">
        Conversions
      </h3>
      <p className="text-sm text-muted">
        Counted by the server as they happen; the change is against {previousLabel}.
      </p>
      <div>
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className="py-2 pr-3 font-semibold">
                What visitors did
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-semibold">
                Count
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-semibold">
                Of visitors
              </th>
              <th scope="col" className="py-2 text-right font-semibold">
                Change
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.kind} className="border-b border-line last:border-0">
                <th scope="row" className="py-1.5 pr-3 font-normal">
                  {row.label}
                </th>
                <td className="py-1.5 pr-3 text-right tabular-nums">{formatCount(row.count)}</td>
                <td className="py-1.5 pr-3 text-right tabular-nums">{row.rate}</td>
                <td className="py-1.5 text-right text-muted tabular-nums">
                  {changeOf(row.count, row.previous).text}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
