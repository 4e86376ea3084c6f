/**
 * @module The owner's dashboard reads (docs/analytics.md, "Read routes"): the report over a
 * range with the period before, the last 30 minutes, the daily figures as CSV, and the
 * retention setting. The owner and collaborators read; only the owner changes the setting;
 * members never reach any (no staff session).
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import { requireOwner, requireOwnerRole } from "../identity/index.ts";
import { validationError, violation } from "../platform/errors.ts";
import { bodyObject } from "../platform/http/body-object.ts";
import {
  ANALYTICS_API,
  type AnalyticsLive,
  type AnalyticsReport,
  type AnalyticsSettings,
} from "./analytics-api-types.ts";
import { type RangeQuery, type ResolvedRange, resolveRange } from "./analytics-range.ts";

export const MAX_RETENTION_DAYS = 365;

/** What the routes read; the analytics service answers it. */
export type AnalyticsReader = {
  zone(): string;
  report(range: ResolvedRange): AnalyticsReport;
  live(): AnalyticsLive;
  dailyCsv(range: ResolvedRange): string;
  retentionDays(): number;
  setRetentionDays(days: number): void;
};

export type AnalyticsReadRoutesOptions = { reader: AnalyticsReader; now: () => number };

function readRetention(body: Record<string, unknown>): number {
  const days = body.retentionDays;
  if (typeof days !== "number" || !Number.isInteger(days) || days < 1) {
    throw validationError([
      violation("retentionDays", "must be a whole number of days, 1 or more", "MIN"),
    ]);
  }
  if (days > MAX_RETENTION_DAYS) {
    throw validationError([
      violation("retentionDays", `must be at most ${MAX_RETENTION_DAYS}`, "MAX"),
    ]);
  }
  return days;
}

export async function analyticsReadRoutes(
  app: FastifyInstance,
  { reader, now }: AnalyticsReadRoutesOptions,
): Promise<void> {
  const staff = { preHandler: requireOwner };
  const noStore = (reply: FastifyReply) => reply.header("cache-control", "no-store");
  const rangeOf = (query: unknown) =>
    resolveRange((query ?? {}) as RangeQuery, now(), reader.zone());
  const settings = (): AnalyticsSettings => ({
    retentionDays: reader.retentionDays(),
    timeZone: reader.zone(),
  });

  app.get(ANALYTICS_API.report, staff, async (request, reply): Promise<AnalyticsReport> => {
    noStore(reply);
    return reader.report(rangeOf(request.query));
  });

  app.get(ANALYTICS_API.live, staff, async (_request, reply): Promise<AnalyticsLive> => {
    noStore(reply);
    return reader.live();
  });

  app.get(ANALYTICS_API.dailyCsv, staff, async (request, reply) => {
    const range = rangeOf(request.query);
    noStore(reply)
      .type("text/csv; charset=utf-8")
      .header(
        "content-disposition",
        `attachment; filename="analytics-${range.period.from}-${range.period.to}.csv"`,
      );
    return reader.dailyCsv(range);
  });

  app.get(ANALYTICS_API.settings, staff, async (_request, reply): Promise<AnalyticsSettings> => {
    noStore(reply);
    return settings();
  });

  app.put(
    ANALYTICS_API.settings,
    { preHandler: requireOwnerRole },
    async (request, reply): Promise<AnalyticsSettings> => {
      noStore(reply);
      reader.setRetentionDays(readRetention(bodyObject(request)));
      return settings();
    },
  );
}
