import type { BookingCreateResult } from "../booking-create.ts";
import { ms, perSecond, ratio, ratioOf } from "./format.ts";
import type { ReportRow } from "./row.ts";

/** p99 and throughput of each engine's bursts of concurrent bookings, beside item inserts. */
export function bookingCreateRows(result: BookingCreateResult): ReportRow[] {
  return result.engines.flatMap((engine): ReportRow[] => {
    const section = `Booking: ${result.calls} concurrent createBooking calls on distinct slots, in-process ${engine.engine}`;
    const info = { goal: "", status: "info" } as const;
    if ("skipped" in engine) {
      return [
        { section, figure: "(skipped)", ours: engine.skipped, baseline: "", ratio: "", ...info },
      ];
    }
    const { bookings, inserts } = engine;
    const inserted = `${result.calls} item inserts`;
    return [
      {
        section,
        figure: `p99 of a call (${engine.rounds} bursts)`,
        ours: ms(bookings.p99),
        baseline: `${inserted} ${ms(inserts.p99)}`,
        ratio: ratio(ratioOf(bookings.p99, inserts.p99)),
        ...info,
      },
      {
        section,
        figure: "p50 of a call",
        ours: ms(bookings.p50),
        baseline: `${inserted} ${ms(inserts.p50)}`,
        ratio: ratio(ratioOf(bookings.p50, inserts.p50)),
        ...info,
      },
      {
        section,
        figure: "Throughput while the burst lasts",
        ours: perSecond(bookings.perSecond),
        baseline: `${inserted} ${perSecond(inserts.perSecond)}`,
        ratio: ratio(ratioOf(bookings.perSecond, inserts.perSecond)),
        ...info,
      },
    ];
  });
}
