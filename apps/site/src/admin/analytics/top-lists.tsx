import type { AnalyticsReport } from "@consultant/site-content/wire";
import { type ReactNode, useId } from "react";
import { BreakdownTable } from "./breakdown-table.tsx";
import { rowsOf } from "./report-view.ts";

/** A headed group of the report's tables, two a row on wide screens. */
function TableGroup({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="font-serif text-xl font-semibold">
        {title}
      </h3>
      <div className="grid gap-3 md:grid-cols-2">{children}</div>
    </section>
  );
}

/** Where visitors came from, what they read, and on what: the report's top lists. */
export function TopLists({ report }: { report: AnalyticsReport }) {
  const { breakdowns: lists, totals } = report;
  const visitors = { total: totals.visitors, counting: "Visitors" };
  const views = { total: totals.views, counting: "Views" };
  return (
    <>
      <TableGroup title="Where visitors came from">
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
      </TableGroup>
      <TableGroup title="What they read">
        <BreakdownTable title="Pages" heading="Page" rows={rowsOf(lists.pages)} {...views} />
        <BreakdownTable
          title="Sections read"
          heading="Section"
          rows={rowsOf(lists.sections)}
          {...views}
          empty="No section came into view in this range."
        />
      </TableGroup>
      <TableGroup title="Who they are">
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
      </TableGroup>
    </>
  );
}
