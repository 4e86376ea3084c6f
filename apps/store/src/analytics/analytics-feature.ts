/**
 * @module The analytics wing assembled; `main/app.ts` only wires it. For now it answers the
 * dashboard's reads with empty figures (docs/analytics.md).
 */
import type { FastifyInstance } from "fastify";
import { type AnalyticsReader, analyticsReadRoutes } from "./analytics-read-routes.ts";
import { emptyReport } from "./empty-reader.ts";

export type AnalyticsOptions = {
  now: () => number;
  /** The owner's IANA zone (the booking schedule's); UTC when none is set. */
  ownerZone: () => string;
};

export function createAnalyticsFeature({ now, ownerZone }: AnalyticsOptions) {
  let retentionDays = 30;
  const reader: AnalyticsReader = {
    zone: ownerZone,
    report: (range) => emptyReport(range, ownerZone()),
    live: () => ({ visitors: 0, views: 0, minutes: [], pages: [], referrers: [] }),
    dailyCsv: () => "day,visitors,views\n",
    retentionDays: () => retentionDays,
    setRetentionDays: (days) => {
      retentionDays = days;
    },
  };
  return {
    register(app: FastifyInstance): void {
      app.register(async (scope) => analyticsReadRoutes(scope, { reader, now }));
    },
  };
}

export type AnalyticsFeature = ReturnType<typeof createAnalyticsFeature>;
