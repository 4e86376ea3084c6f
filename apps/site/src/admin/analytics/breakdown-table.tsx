import { useId } from "react";
import { formatCount, formatRate } from "./figures.ts";

export type BreakdownRow = { label: string; visitors: number };

export type BreakdownTableProps = {
  title: string;
  /** The first column's heading ("Source", "Browser"). */
  heading: string;
  rows: readonly BreakdownRow[];
  /** The range's visitors: each row's share is of these. */
  total: number;
  /** What the counts are ("Visitors", "Views"). */
  counting?: string;
  /** Said when there are no rows. */
  empty?: string;
};

/** One of the dashboard's top lists: a label, its visitors, their share (with a bar to see it). */
export function BreakdownTable(props: BreakdownTableProps) {
  const { title, heading, rows, total, counting = "Visitors", empty } = props;
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="flex min-w-0 flex-col gap-3 rounded-xl border border-line bg-surface p-4 sm:p-5"
    >
      <h3 id={titleId} className="font-semibold text-ink">
        {title}
      </h3>
      {rows.length === 0 ? (
        <p className="text-sm text-muted">{empty ?? "Nothing in this range."}</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead className="sr-only">
            <tr>
              <th scope="col">{heading}</th>
              <th scope="col">{counting}</th>
              <th scope="col">Share</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label} className="align-top">
                <th scope="row" className="w-full py-1.5 pr-3 font-normal">
                  <span className="block [overflow-wrap:anywhere]">{row.label}</span>
                  <span aria-hidden="true" className="mt-1 block h-1.5 rounded-full bg-accent-soft">
                    <span
                      className="block h-full rounded-full bg-accent"
                      style={{
                        width: `${total > 0 ? Math.min(100, (row.visitors / total) * 100) : 0}%`,
                      }}
                    />
                  </span>
                </th>
                <td className="py-1.5 pr-3 text-right whitespace-nowrap tabular-nums">
                  {formatCount(row.visitors)}
                </td>
                <td className="py-1.5 text-right whitespace-nowrap text-muted tabular-nums">
                  {formatRate(row.visitors, total)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
