/**
 * @module The analytics tables' SQL (migrations 0710 and postgres/0230), in the subset both
 * engines share. Counting claims rather than checks (docs/analytics.md, "Several nodes"): a
 * visitor's first view of a day is the insert of its `analytics_visitors` row that went in, a
 * new hour or funnel step the update that changed it, and roll-ups only ever add (`ON CONFLICT
 * DO UPDATE`), so nodes counting into one database never count one thing twice.
 */
import type { Db } from "../platform/db/sql-db.ts";
import type { CountedEvent } from "./counted-event.ts";

/** What one roll-up row adds. */
export type Increments = {
  visitors: number;
  views: number;
  events: number;
  seconds: number;
  scrollSum: number;
  scrollViews: number;
  bookingPage: number;
  booked: number;
};

export type DailyRow = { day: string; dimension: string; value: string } & Increments;
export type HourlyRow = { hour: string; visitors: number; views: number; events: number };
export type FunnelStepColumn = "booking_page" | "booked" | "page_opened";

const SUMS =
  "SUM(visitors) AS visitors, SUM(views) AS views, SUM(events) AS events, SUM(seconds) AS seconds, " +
  'SUM(scroll_sum) AS "scrollSum", SUM(scroll_views) AS "scrollViews", ' +
  'SUM(booking_page) AS "bookingPage", SUM(booked) AS booked';

export function createAnalyticsStore(db: Db) {
  const insertEvent = db.prepare(
    `INSERT INTO analytics_events (at, day, kind, visitor, path, referrer, utm_source, utm_medium,
       utm_campaign, device, browser, language, time_zone, sections, scroll, seconds)
     VALUES (@at, @day, @kind, @visitor, @path, @referrer, @utmSource, @utmMedium, @utmCampaign,
       @device, @browser, @language, @timeZone, @sections, @scroll, @seconds)`,
  );
  const claimVisitor = db.prepare<[string, string, string, string]>(
    `INSERT INTO analytics_visitors (day, visitor, source, hour) VALUES (?, ?, ?, ?)
     ON CONFLICT (day, visitor) DO NOTHING`,
  );
  const viewedOn = db.prepare<[string, string], { seen: number }>(
    "SELECT 1 AS seen FROM analytics_visitors WHERE day = ? AND visitor = ?",
  );
  const claimHour = db.prepare<[string, string, string, string]>(
    "UPDATE analytics_visitors SET hour = ? WHERE day = ? AND visitor = ? AND hour < ?",
  );
  const claimStep = {
    booking_page: db.prepare<[string, string], { source: string }>(
      `UPDATE analytics_visitors SET booking_page = 1
       WHERE day = ? AND visitor = ? AND booking_page = 0 RETURNING source`,
    ),
    booked: db.prepare<[string, string], { source: string }>(
      `UPDATE analytics_visitors SET booked = 1
       WHERE day = ? AND visitor = ? AND booked = 0 RETURNING source`,
    ),
    page_opened: db.prepare<[string, string], { source: string }>(
      `UPDATE analytics_visitors SET page_opened = 1
       WHERE day = ? AND visitor = ? AND page_opened = 0 RETURNING source`,
    ),
  };
  const addDaily = db.prepare(
    `INSERT INTO analytics_daily (day, dimension, value, visitors, views, events, seconds,
       scroll_sum, scroll_views, booking_page, booked)
     VALUES (@day, @dimension, @value, @visitors, @views, @events, @seconds, @scrollSum,
       @scrollViews, @bookingPage, @booked)
     ON CONFLICT (day, dimension, value) DO UPDATE SET
       visitors = analytics_daily.visitors + excluded.visitors,
       views = analytics_daily.views + excluded.views,
       events = analytics_daily.events + excluded.events,
       seconds = analytics_daily.seconds + excluded.seconds,
       scroll_sum = analytics_daily.scroll_sum + excluded.scroll_sum,
       scroll_views = analytics_daily.scroll_views + excluded.scroll_views,
       booking_page = analytics_daily.booking_page + excluded.booking_page,
       booked = analytics_daily.booked + excluded.booked`,
  );
  const addHourly = db.prepare(
    `INSERT INTO analytics_hourly (hour, visitors, views, events)
     VALUES (@hour, @visitors, @views, @events)
     ON CONFLICT (hour) DO UPDATE SET
       visitors = analytics_hourly.visitors + excluded.visitors,
       views = analytics_hourly.views + excluded.views,
       events = analytics_hourly.events + excluded.events`,
  );
  const totalsBetween = db.prepare<[string, string], Increments>(
    `SELECT ${SUMS} FROM analytics_daily WHERE dimension = '' AND value = '' AND day >= ? AND day <= ?`,
  );
  const dailyTotals = db.prepare<[string, string], DailyRow>(
    `SELECT day, dimension, value, visitors, views, events, seconds, scroll_sum AS "scrollSum",
       scroll_views AS "scrollViews", booking_page AS "bookingPage", booked
     FROM analytics_daily WHERE dimension = '' AND value = '' AND day >= ? AND day <= ? ORDER BY day`,
  );
  const dimensionsBetween = db.prepare<[string, string], DailyRow>(
    `SELECT '' AS day, dimension, value, ${SUMS} FROM analytics_daily
     WHERE dimension <> '' AND day >= ? AND day <= ? GROUP BY dimension, value`,
  );
  const conversionsByDay = db.prepare<
    [string, string],
    { day: string; value: string; events: number }
  >(
    `SELECT day, value, events FROM analytics_daily
     WHERE dimension = 'conversion' AND day >= ? AND day <= ?`,
  );
  const hoursBetween = db.prepare<[string, string], HourlyRow>(
    "SELECT hour, visitors, views, events FROM analytics_hourly WHERE hour >= ? AND hour <= ?",
  );
  const recent = db.prepare<
    [number],
    { at: number; kind: string; visitor: string; path: string; referrer: string }
  >("SELECT at, kind, visitor, path, referrer FROM analytics_events WHERE at >= ?");
  const readRetention = db.prepare<[], { retention_days: number }>(
    "SELECT retention_days FROM analytics_settings WHERE id = 1",
  );
  const writeRetention = db.prepare<[number]>(
    `INSERT INTO analytics_settings (id, retention_days) VALUES (1, ?)
     ON CONFLICT (id) DO UPDATE SET retention_days = excluded.retention_days`,
  );
  const dropEvents = db.prepare<[string]>("DELETE FROM analytics_events WHERE day < ?");
  const dropVisitors = db.prepare<[string]>("DELETE FROM analytics_visitors WHERE day < ?");

  return {
    insertEvent(event: CountedEvent): void {
      insertEvent.run({ ...event, sections: event.sections.join(",") });
    },
    /** True when this insert made the visitor's row for the day: their first view of it. */
    claimVisitor: (event: CountedEvent, source: string) =>
      claimVisitor.run(event.day, event.visitor, source, event.hour).changes === 1,
    /** Whether the visitor's view was counted on `day`. */
    viewedOn: (day: string, visitor: string) => viewedOn.get(day, visitor) !== undefined,
    /** True when this moved the visitor's last counted hour on to `hour`. */
    claimHour: (day: string, visitor: string, hour: string) =>
      claimHour.run(hour, day, visitor, hour).changes === 1,
    /** The visitor's source when this set the step for the day, null when it was set or absent. */
    claimStep: (column: FunnelStepColumn, day: string, visitor: string) =>
      claimStep[column].get(day, visitor)?.source ?? null,
    addDaily: (row: DailyRow) => addDaily.run(row),
    addHourly: (row: HourlyRow) => addHourly.run(row),
    totalsBetween: (from: string, to: string) => totalsBetween.get(from, to),
    dailyTotals: (from: string, to: string) => dailyTotals.all(from, to),
    dimensionsBetween: (from: string, to: string) => dimensionsBetween.all(from, to),
    conversionsByDay: (from: string, to: string) => conversionsByDay.all(from, to),
    hoursBetween: (from: string, to: string) => hoursBetween.all(from, to),
    eventsSince: (at: number) => recent.all(at),
    retentionDays: () => readRetention.get()?.retention_days ?? null,
    setRetentionDays: (days: number) => writeRetention.run(days),
    /** Deletes raw events and visitor-days before `day`; the roll-ups stay. */
    dropBefore: db.transaction((day: string) => {
      dropEvents.run(day);
      dropVisitors.run(day);
    }),
    transaction: <A extends unknown[], T>(fn: (...args: A) => T) => db.transaction(fn),
  };
}

export type AnalyticsStore = ReturnType<typeof createAnalyticsStore>;
