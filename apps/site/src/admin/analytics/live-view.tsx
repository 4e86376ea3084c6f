import type { AnalyticsLive } from "@consultant/site-content/wire";
import { useCallback, useEffect, useId, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { errorMessage } from "../api/store-errors.ts";
import type { AnalyticsApi } from "./analytics-api.ts";
import { BreakdownTable } from "./breakdown-table.tsx";
import { formatCount } from "./figures.ts";
import { rowsOf } from "./report-view.ts";

/** How often the live view asks again while it is on screen and the tab is visible. */
const REFRESH_MS = 30_000;

const TIME = new Intl.DateTimeFormat(undefined, { timeStyle: "short" });

/** The per-minute bars in words. */
function busiestMinute(live: AnalyticsLive): string {
  const busiest = live.minutes.reduce<AnalyticsLive["minutes"][number] | null>(
    (best, minute) => (best === null || minute.views > best.views ? minute : best),
    null,
  );
  if (busiest === null || busiest.views === 0) return "No page views in any minute.";
  return `The busiest minute was ${TIME.format(busiest.at)}, with ${formatCount(busiest.views)} page views.`;
}

/** The last 30 minutes: visitors and views now, per minute, the pages read and where from. */
export function LiveView({ analytics }: { analytics: AnalyticsApi }) {
  const headingId = useId();
  const [live, setLive] = useState<AnalyticsLive | null>(null);
  const [checkedAt, setCheckedAt] = useState<number | null>(null);
  const [problem, setProblem] = useState("");

  const load = useCallback(() => {
    analytics.live().then(
      (answer) => {
        setLive(answer);
        setCheckedAt(Date.now());
        setProblem("");
      },
      (error: unknown) => setProblem(errorMessage(error)),
    );
  }, [analytics]);

  useEffect(() => {
    load();
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") load();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);

  const peak = Math.max(1, ...(live?.minutes.map((minute) => minute.views) ?? []));
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-4 rounded-xl border border-line bg-surface p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-serif text-xl font-semibold">
          Last 30 minutes
        </h3>
        <Button size="xs" variant="outline" onClick={load}>
          Refresh
        </Button>
      </div>
      {problem ? (
        <p role="alert" className="rounded-lg bg-danger-soft px-4 py-3 text-sm text-danger">
          {problem}
        </p>
      ) : null}
      {live === null ? (
        <p className="text-sm text-muted">Loading…</p>
      ) : (
        <>
          <p className="text-sm">
            <strong className="font-serif text-2xl font-semibold tabular-nums">
              {formatCount(live.visitors)}
            </strong>{" "}
            {live.visitors === 1 ? "visitor" : "visitors"},{" "}
            <strong className="tabular-nums">{formatCount(live.views)}</strong>{" "}
            {live.views === 1 ? "page view" : "page views"}
            {checkedAt === null ? null : (
              <span className="text-muted"> (as of {TIME.format(checkedAt)})</span>
            )}
          </p>
          <p className="sr-only">{busiestMinute(live)}</p>
          <div aria-hidden="true" className="flex h-12 items-end gap-px">
            {live.minutes.map((minute) => (
              <span
                key={minute.at}
                className="min-h-px flex-1 rounded-t-sm bg-accent"
                style={{ height: `${(minute.views / peak) * 100}%` }}
              />
            ))}
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <BreakdownTable
              title="Pages read now"
              heading="Page"
              rows={rowsOf(live.pages)}
              total={live.views}
              counting="Views"
              empty="No views in the last 30 minutes."
            />
            <BreakdownTable
              title="Coming from"
              heading="Source"
              rows={rowsOf(live.referrers)}
              total={live.visitors}
              empty="No visitors in the last 30 minutes."
            />
          </div>
        </>
      )}
    </section>
  );
}
