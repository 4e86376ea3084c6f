import type { AnalyticsReport } from "@consultant/site-content/wire";
import { useEffect, useId, useMemo, useState } from "react";
import { buttonVariants } from "../../components/ui/button.tsx";
import type { EditorApi, StaffRole } from "../api/editor-api.ts";
import { errorMessage } from "../api/store-errors.ts";
import { createAnalyticsApi, dailyCsvUrl } from "./analytics-api.ts";
import { ChartFigure } from "./chart-figure.tsx";
import { ConversionsTable } from "./conversions-table.tsx";
import { describePrevious, describeRange, type RangeChoice } from "./date-range.ts";
import { FigureCards } from "./figure-cards.tsx";
import { FunnelSection } from "./funnel-section.tsx";
import { HowWeCount } from "./how-we-count.tsx";
import { LiveView } from "./live-view.tsx";
import { RangePicker } from "./range-picker.tsx";
import { headlineCards, seriesChart } from "./report-view.ts";
import { RetentionForm } from "./retention-form.tsx";
import { TopLists } from "./top-lists.tsx";

export type AnalyticsPanelProps = { api: EditorApi; role: StaffRole; active: boolean };

/** The browser's date, until the store's report names the owner's. */
function browserToday(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/** The Analytics view: who came, from where, what they read and did, over a chosen range. */
export function AnalyticsPanel({ api, role, active }: AnalyticsPanelProps) {
  const analytics = useMemo(() => createAnalyticsApi(api), [api]);
  const headingId = useId();
  const [choice, setChoice] = useState<RangeChoice>({ kind: "days", days: 30 });
  const [report, setReport] = useState<AnalyticsReport | null>(null);
  const [today, setToday] = useState(browserToday);
  const [loading, setLoading] = useState(false);
  const [problem, setProblem] = useState("");

  useEffect(() => {
    if (!active) return;
    let current = true;
    setLoading(true);
    analytics.report(choice).then(
      (answer) => {
        if (!current) return;
        setReport(answer);
        if (answer.range !== "custom") setToday(answer.period.to);
        setProblem("");
        setLoading(false);
      },
      (error: unknown) => {
        if (!current) return;
        setProblem(errorMessage(error));
        setLoading(false);
      },
    );
    return () => {
      current = false;
    };
  }, [active, analytics, choice]);

  const overTime = useMemo(() => (report ? seriesChart(report.series) : null), [report]);
  if (!active) return null;
  const previousLabel = describePrevious(choice);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-6 px-4 py-6 sm:px-8">
      <h2 id={headingId} className="font-serif text-2xl font-semibold">
        Analytics
      </h2>
      <RangePicker choice={choice} today={today} onChoose={setChoice} />
      {problem ? (
        <p role="alert" className="rounded-lg bg-danger-soft px-4 py-3 text-sm text-danger">
          {problem}
        </p>
      ) : null}
      {report === null ? (
        <p>{loading ? "Loading the figures…" : ""}</p>
      ) : (
        <div aria-busy={loading} className="flex flex-col gap-6">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p role="status" className="text-sm text-muted">
              {describeRange(report.period)}, compared with {previousLabel} (
              {describeRange(report.previousPeriod)}).
            </p>
            <a
              href={dailyCsvUrl(choice)}
              download
              className={buttonVariants({ variant: "outline", size: "sm" })}
            >
              Download the daily figures (CSV)
            </a>
          </div>
          <FigureCards cards={headlineCards(report)} previousLabel={previousLabel} />
          {overTime ? (
            <div className="rounded-xl border border-line bg-surface p-4 sm:p-5">
              <ChartFigure
                title={
                  report.range === "today"
                    ? "Visitors and page views by hour"
                    : "Visitors and page views by day"
                }
                summary={`${report.totals.visitors.toLocaleString()} visitors and ${report.totals.views.toLocaleString()} page views in all.`}
                spec={overTime}
                xHeading={report.range === "today" ? "Hour" : "Day"}
              />
            </div>
          ) : null}
          <ConversionsTable report={report} previousLabel={previousLabel} />
          <FunnelSection report={report} />
          <TopLists report={report} />
        </div>
      )}
      <LiveView analytics={analytics} />
      {report ? <HowWeCount zone={report.zone} /> : null}
      <RetentionForm analytics={analytics} canChange={role === "owner"} />
    </section>
  );
}
