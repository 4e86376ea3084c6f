/** The Analytics view's calls: the store's `/admin/api/analytics` routes as the signed-in staff. */
import {
  ANALYTICS_API,
  type AnalyticsLive,
  type AnalyticsReport,
  type AnalyticsSettings,
} from "@consultant/site-content/wire";
import type { EditorApi } from "../api/editor-api.ts";
import type { RangeChoice } from "./date-range.ts";

/** The query `report` and `daily.csv` share (`?range=7d`, `?range=custom&from=…&to=…`). */
export function rangeQuery(choice: RangeChoice): string {
  const query = new URLSearchParams();
  if (choice.kind === "today") query.set("range", "today");
  else if (choice.kind === "days") query.set("range", `${choice.days}d`);
  else {
    query.set("range", "custom");
    query.set("from", choice.from);
    query.set("to", choice.to);
  }
  return query.toString();
}

/** Where the owner's browser downloads the range's daily figures (the session cookie suffices). */
export function dailyCsvUrl(choice: RangeChoice): string {
  return `${ANALYTICS_API.dailyCsv}?${rangeQuery(choice)}`;
}

export function createAnalyticsApi(api: Pick<EditorApi, "call">) {
  return {
    report: (choice: RangeChoice) =>
      api.call<AnalyticsReport>({
        method: "GET",
        path: `${ANALYTICS_API.report}?${rangeQuery(choice)}`,
      }),
    live: () => api.call<AnalyticsLive>({ method: "GET", path: ANALYTICS_API.live }),
    settings: () => api.call<AnalyticsSettings>({ method: "GET", path: ANALYTICS_API.settings }),
    /** The owner's only: how many days each visit's details are kept. */
    keepFor: (retentionDays: number) =>
      api.call<AnalyticsSettings>({
        method: "PUT",
        path: ANALYTICS_API.settings,
        body: { retentionDays },
      }),
  };
}

export type AnalyticsApi = ReturnType<typeof createAnalyticsApi>;
