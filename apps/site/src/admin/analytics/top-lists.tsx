import type { AnalyticsReport } from "@consultant/site-content/wire";
import { useId } from "react";
import { BreakdownTable } from "./breakdown-table.tsx";
import { rowsOf } from "./report-view.ts";

/** Where visitors came from, what they read, and on what: the report's top lists. */
export function TopLists({ report }: { report: AnalyticsReport }) {
  const sourcesId = useId();
  const readId = useId();
  const visitorsId = useId();
  const { breakdowns: lists, totals } = report;
  const visitors = { total: totals.visitors, counting: "Visitors" };
  const views = { total: totals.views, counting: "Views" };
  return (
    <>
      <section aria-labelledby={sourcesId} className="flex flex-col gap-3">
        <h3 id={sourcesId} className="font-serif text-xl font-semibold">
          Where visitors came from
        </h3>
        <div className="grid gap-3 md:grid-cols-2">
          <BreakdownTable
            title="Referring sites"
            heading="Site"
            rows={rowsOf(lists.referrers)}
            {...visitors}
          />
          <BreakdownTable
            title="Campaign sources (UTM source)"
            heading="Source"
            rows={rowsOf(lists.utmSources)}
            {...visitors}
            empty="No tagged links in this range."
          />
          <BreakdownTable
            title="Campaign media (UTM medium)"
            heading="Medium"
            rows={rowsOf(lists.utmMediums)}
            {...visitors}
            empty="No tagged links in this range."
          />
          <BreakdownTable
            title="Campaigns (UTM campaign)"
            heading="Campaign"
            rows={rowsOf(lists.utmCampaigns)}
            {...visitors}
            empty="No tagged links in this range."
          />
        </div>
      </section>
      <section aria-labelledby={readId} className="flex flex-col gap-3">
        <h3 id={readId} className="font-serif text-xl font-semibold">
          What they read
        </h3>
        <div className="grid gap-3 md:grid-cols-2">
          <BreakdownTable title="Pages" heading="Page" rows={rowsOf(lists.pages)} {...views} />
          <BreakdownTable
            title="Sections read"
            heading="Section"
            rows={rowsOf(lists.sections)}
            {...views}
            empty="No section came into view in this range."
          />
        </div>
      </section>
      <section aria-labelledby={visitorsId} className="flex flex-col gap-3">
        <h3 id={visitorsId} className="font-serif text-xl font-semibold">
          Who they are
        </h3>
        <div className="grid gap-3 md:grid-cols-2">
          <BreakdownTable
            title="Devices"
            heading="Device"
            rows={rowsOf(lists.devices)}
            {...visitors}
          />
          <BreakdownTable
            title="Browsers"
            heading="Browser"
            rows={rowsOf(lists.browsers)}
            {...visitors}
          />
          <BreakdownTable
            title="Languages"
            heading="Language"
            rows={rowsOf(lists.languages)}
            {...visitors}
          />
          <BreakdownTable
            title="Time zones"
            heading="Time zone"
            rows={rowsOf(lists.timeZones)}
            {...visitors}
          />
        </div>
      </section>
    </>
  );
}
