/**
 * @module The booking section's concurrency figure: 64 `createBooking` calls at once, each for a
 * slot of its own and from an address of its own, against one store in-process (a SQLite file;
 * PostgreSQL in a fresh schema, dropped after, when a server is named), repeated in rounds; beside
 * the same store taking 64 item inserts at once (the baseline, in the same run: a write of about
 * the same size without the slot's claim, its mails and its reminders). Calls go through
 * `inject`, so the figure is the store's work and its waiting on the database, not HTTP parsing.
 */
import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import {
  bookingRequest,
  createAccessStore,
  createApiKeys,
  createApp,
  type Db,
  injectCall,
  openDb,
  openPgDb,
  quoteName,
  setUpBooking,
} from "../apps/store/src/main/testing.ts";
import { percentile } from "./lib/stats.ts";

export const CONCURRENT_CALLS = 64;
const MINUTE = 60_000;
const DAY = 1440 * MINUTE;
const SLOT_MINUTES = 30;

export type Burst = { p50: number; p99: number; perSecond: number };
export type BookingCreateEngine = {
  engine: "SQLite" | "PostgreSQL";
  rounds: number;
  bookings: Burst;
  inserts: Burst;
};
export type BookingCreateResult = {
  calls: number;
  engines: (BookingCreateEngine | { engine: "PostgreSQL"; skipped: string })[];
};

/** Runs `call(i)` for i in [0, n) at once, `rounds` times; latencies and calls per second. */
async function bursts(
  rounds: number,
  call: (round: number, index: number) => Promise<number>,
): Promise<Burst> {
  const times: number[] = [];
  let busy = 0;
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    const statuses = await Promise.all(
      Array.from({ length: CONCURRENT_CALLS }, async (_, index) => {
        const sent = performance.now();
        const status = await call(round, index);
        times.push(performance.now() - sent);
        return status;
      }),
    );
    busy += performance.now() - started;
    const refused = statuses.filter((status) => status !== 200);
    if (refused.length > 0) throw new Error(`round ${round}: answered ${refused.join(", ")}`);
  }
  return {
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    perSecond: (rounds * CONCURRENT_CALLS) / (busy / 1000),
  };
}

async function measureOn(
  engine: BookingCreateEngine["engine"],
  db: Db,
  rounds: number,
): Promise<BookingCreateEngine> {
  const app = createApp({
    db,
    config: { clientId: "bench", signingKey: randomBytes(32) },
    // 200 creations an hour in all is the store's guard against a flood of bookings; the bench
    // makes more on purpose, so the guard is set past it (each call is still counted).
    bookings: { maxCreatesGlobal: 1_000_000 },
  });
  try {
    await app.ready();
    const owner = { authorization: createApiKeys(createAccessStore(db)).rotate() };
    const { serviceId } = await setUpBooking(injectCall(app), owner, {
      timeZone: "UTC",
      hours: { start: "00:00", end: "24:00" },
      policy: { limitLateBookingPolicy: { enabled: false } },
    });
    // Whole days from the day after tomorrow: every slot is free, none inside the notice.
    const first = Math.ceil(Date.now() / DAY) * DAY + 2 * DAY;
    const bookings = await bursts(rounds, async (round, index) => {
      const start = first + (round * CONCURRENT_CALLS + index) * SLOT_MINUTES * MINUTE;
      const body = bookingRequest(
        serviceId,
        new Date(start).toISOString(),
        new Date(start + SLOT_MINUTES * MINUTE).toISOString(),
        `visitor${round}-${index}@example.com`,
      );
      const from = `198.51.${round}.${index + 1}`;
      return (await injectCall(app, from)("POST", "/_api/bookings-service/v2/bookings", body))
        .status;
    });
    const inserts = await bursts(rounds, async (round, index) => {
      const dataItem = { data: { itemData: `Client ${round}-${index}`, order: index } };
      return (
        await injectCall(app)(
          "POST",
          "/wix-data/v2/items",
          { dataCollectionId: "Clients", dataItem },
          owner,
        )
      ).status;
    });
    return { engine, rounds, bookings, inserts };
  } finally {
    await app.close();
  }
}

export async function measureBookingCreate(options: {
  rounds: number;
  workDir: string;
  databaseUrl: string | undefined;
}): Promise<BookingCreateResult> {
  const engines: BookingCreateResult["engines"] = [];
  const file = join(options.workDir, "booking-create.db");
  const sqlite = openDb(file);
  try {
    engines.push(await measureOn("SQLite", sqlite, options.rounds));
  } finally {
    sqlite.close();
    for (const suffix of ["", "-wal", "-shm"]) await rm(`${file}${suffix}`, { force: true });
  }
  if (options.databaseUrl === undefined) {
    engines.push({ engine: "PostgreSQL", skipped: "no PostgreSQL server" });
  } else {
    const schema = `bench_booking_${process.pid}_${randomBytes(4).toString("hex")}`;
    const pg = openPgDb({ url: options.databaseUrl, schema, applicationName: "bench-booking" });
    try {
      engines.push(await measureOn("PostgreSQL", pg, options.rounds));
    } finally {
      pg.exec(`DROP SCHEMA IF EXISTS ${quoteName(schema)} CASCADE`);
      pg.close();
    }
  }
  return { calls: CONCURRENT_CALLS, engines };
}
