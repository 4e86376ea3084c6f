/**
 * @module What a batch of counted events adds to the roll-ups (docs/analytics.md, "Roll-ups"),
 * gathered in memory so each daily and hourly row is written once per batch. Whether an event
 * is a visitor's first of the day or of the hour, or a funnel step's first, is the store's
 * claim (analytics-store.ts), asked once per event in order.
 */
import type { AnalyticsStore, DailyRow, HourlyRow, Increments } from "./analytics-store.ts";
import { type CountedEvent, DIRECT, sourceOf } from "./counted-event.ts";

const none = (): Increments => ({
  visitors: 0,
  views: 0,
  events: 0,
  seconds: 0,
  scrollSum: 0,
  scrollViews: 0,
  bookingPage: 0,
  booked: 0,
});

export type RollUpBatch = {
  daily: Map<string, DailyRow>;
  hourly: Map<string, HourlyRow>;
};

function dailyRow(batch: RollUpBatch, day: string, dimension: string, value: string): DailyRow {
  const key = `${day}\n${dimension}\n${value}`;
  let row = batch.daily.get(key);
  if (row === undefined) {
    row = { day, dimension, value, ...none() };
    batch.daily.set(key, row);
  }
  return row;
}

function hourlyRow(batch: RollUpBatch, hour: string): HourlyRow {
  let row = batch.hourly.get(hour);
  if (row === undefined) {
    row = { hour, visitors: 0, views: 0, events: 0 };
    batch.hourly.set(hour, row);
  }
  return row;
}

/** The dimensions a visitor-day is counted under at its first view. */
function visitorDimensions(event: CountedEvent): [string, string][] {
  const dimensions: [string, string][] = [
    ["referrer", event.referrer || DIRECT],
    ["source", sourceOf(event)],
    ["device", event.device],
    ["browser", event.browser],
    ["language", event.language],
    ["time_zone", event.timeZone],
  ];
  if (event.utmSource) dimensions.push(["utm_source", event.utmSource]);
  if (event.utmMedium) dimensions.push(["utm_medium", event.utmMedium]);
  if (event.utmCampaign) dimensions.push(["utm_campaign", event.utmCampaign]);
  return dimensions;
}

function countView(store: AnalyticsStore, batch: RollUpBatch, event: CountedEvent): void {
  const totals = dailyRow(batch, event.day, "", "");
  const hour = hourlyRow(batch, event.hour);
  totals.views += 1;
  hour.views += 1;
  dailyRow(batch, event.day, "page", event.path).views += 1;
  if (store.claimVisitor(event, sourceOf(event))) {
    totals.visitors += 1;
    hour.visitors += 1;
    for (const [dimension, value] of visitorDimensions(event)) {
      dailyRow(batch, event.day, dimension, value).visitors += 1;
    }
  } else if (store.claimHour(event.day, event.visitor, event.hour)) {
    hour.visitors += 1;
  }
}

function countLeave(batch: RollUpBatch, event: CountedEvent): void {
  const totals = dailyRow(batch, event.day, "", "");
  totals.seconds += event.seconds ?? 0;
  if (event.scroll !== null) {
    totals.scrollSum += event.scroll;
    totals.scrollViews += 1;
  }
  for (const section of event.sections) dailyRow(batch, event.day, "section", section).events += 1;
}

function countStep(
  store: AnalyticsStore,
  batch: RollUpBatch,
  event: CountedEvent,
  step: "bookingPage" | "booked",
): void {
  const source = store.claimStep(
    step === "booked" ? "booked" : "booking_page",
    event.day,
    event.visitor,
  );
  if (source === null) return;
  dailyRow(batch, event.day, "", "")[step] += 1;
  dailyRow(batch, event.day, "source", source)[step] += 1;
}

function countConversion(store: AnalyticsStore, batch: RollUpBatch, event: CountedEvent): void {
  // The booking page lists slots again as the visitor looks through weeks: once a visitor-day.
  if (
    event.kind === "bookingPageOpened" &&
    store.claimStep("page_opened", event.day, event.visitor) === null
  ) {
    return;
  }
  dailyRow(batch, event.day, "", "").events += 1;
  hourlyRow(batch, event.hour).events += 1;
  dailyRow(batch, event.day, "conversion", event.kind).events += 1;
  if (event.kind === "bookingPageOpened" || event.kind === "bookingLinkClicked") {
    countStep(store, batch, event, "bookingPage");
  } else if (event.kind === "bookingMade") {
    // A booking made without the booking page seen (the API, say) still passes through it.
    countStep(store, batch, event, "bookingPage");
    countStep(store, batch, event, "booked");
  }
}

/** Stores a batch of events and adds them to the roll-ups, in one transaction. */
export function storeBatch(store: AnalyticsStore, events: readonly CountedEvent[]): void {
  store.transaction(() => {
    const batch: RollUpBatch = { daily: new Map(), hourly: new Map() };
    for (const event of events) {
      // The end of a view nobody was counted for that day (forged, say) adds no time or sections.
      if (event.kind === "leave" && !store.viewedOn(event.day, event.visitor)) continue;
      store.insertEvent(event);
      if (event.kind === "view") countView(store, batch, event);
      else if (event.kind === "leave") countLeave(batch, event);
      else countConversion(store, batch, event);
    }
    for (const row of batch.daily.values()) store.addDaily(row);
    for (const row of batch.hourly.values()) store.addHourly(row);
  })();
}
