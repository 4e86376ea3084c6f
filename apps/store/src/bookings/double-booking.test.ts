/**
 * Double booking under concurrent requests: 100 visitors from 100 addresses book one slot at
 * once; buffers and the per-day limit are raced the same way. On SQLite (one store) and on two
 * store processes sharing PostgreSQL, the claims (docs/bookings.md, "No double booking") let
 * exactly one booking have each time.
 */
import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BookingCall,
  bookingRequest,
  injectCall,
  setUpBooking,
} from "../main/test-kit/booking-kit.ts";
import { createTestApp, type TestApp } from "../main/test-kit/test-app.ts";
import {
  clusterTitle,
  NO_POSTGRES,
  type TwoNodesInUse,
  useTwoStoreProcesses,
} from "../main/test-kit/two-nodes.ts";

type Json = Record<string, unknown>;
const MINUTE = 60_000;
const DAY = 1440 * MINUTE;
const BOOK = "/_api/bookings-service/v2/bookings";

/** A store to race: a call from the i-th address, the owner's headers, the store's now. */
type Racer = { from: (i: number) => BookingCall; owner: Record<string, string>; now: number };

const code = (json: Json) =>
  ((json.details as Json | undefined)?.applicationError as Json | undefined)?.code;

async function setUp(racer: Racer) {
  return setUpBooking(racer.from(0), racer.owner, {
    timeZone: "Australia/Sydney",
    hours: { start: "00:00", end: "24:00" },
    policy: { limitLateBookingPolicy: { enabled: false } },
    service: {
      schedule: { availabilityConstraints: { sessionDurations: [30], timeBetweenSessions: 10 } },
      extendedFields: {
        namespaces: { "@consultant/booking": { bufferBeforeMinutes: 10, maxPerDay: 3 } },
      },
    },
  });
}

/** Sends every request at once, request i from address i; the answers in order. */
function all(racer: Racer, starts: number[], serviceId: string, offset: number) {
  return Promise.all(
    starts.map((start, index) =>
      racer.from(offset + index)(
        "POST",
        BOOK,
        bookingRequest(
          serviceId,
          new Date(start).toISOString(),
          new Date(start + 30 * MINUTE).toISOString(),
          `visitor${offset + index}@example.com`,
        ),
      ),
    ),
  );
}

function raceTests(racer: () => Racer) {
  let serviceId = "";
  /** Whole hours a few days ahead: a day of Sydney's far from any clock change. */
  const dayStart = (days: number) =>
    Math.ceil((racer().now + days * DAY) / (60 * MINUTE)) * 60 * MINUTE;

  const RACE_MS = 60_000;

  it(
    "100 bookings of one slot at once: exactly one is made",
    async () => {
      serviceId = (await setUp(racer())).serviceId;
      const start = dayStart(3);

      const answers = await all(racer(), Array(100).fill(start), serviceId, 1);

      const made = answers.filter((answer) => answer.status === 200);
      expect(made).toHaveLength(1);
      expect(new Set(answers.filter((a) => a.status !== 200).map((a) => code(a.json)))).toEqual(
        new Set(["BOOKING_SLOT_TAKEN"]),
      );
    },
    RACE_MS,
  );

  it(
    "bookings of neighbouring slots at once: none meets another's buffers",
    async () => {
      const first = dayStart(5);
      const starts = Array.from({ length: 40 }, (_, i) => first + (i % 4) * 30 * MINUTE);

      const answers = await all(racer(), starts, serviceId, 200);

      const made = answers
        .filter((answer) => answer.status === 200)
        .map((answer) => Date.parse(String((answer.json.booking as Json).startDate)))
        .sort((a, b) => a - b);
      expect(made.length).toBeGreaterThanOrEqual(1);
      for (let i = 1; i < made.length; i++) {
        // 30 minutes long, 10 minutes of buffer after one and 10 before the next.
        expect((made[i] as number) - (made[i - 1] as number)).toBeGreaterThanOrEqual(50 * MINUTE);
      }
    },
    RACE_MS,
  );

  it(
    "bookings of six free slots of one day at once: the limit of 3 a day holds",
    async () => {
      // One o'clock on the owner's (Sydney's) day: the six hours after it are one day's,
      // whatever the hour the test runs at.
      const first = DateTime.fromMillis(dayStart(7), { zone: "Australia/Sydney" })
        .startOf("day")
        .plus({ hours: 1 })
        .toMillis();
      const starts = Array.from({ length: 30 }, (_, i) => first + (i % 6) * 60 * MINUTE);

      const answers = await all(racer(), starts, serviceId, 300);

      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
      expect(
        answers.filter((answer) => code(answer.json) === "BOOKING_DAY_FULL").length,
      ).toBeGreaterThan(0);
    },
    RACE_MS,
  );
}

describe("double booking on one store (its test database: SQLite, or PostgreSQL)", () => {
  let t: TestApp;
  beforeAll(() => {
    t = createTestApp({ bookings: { maxCreatesGlobal: 1000 } });
  });
  afterAll(() => t.app.close());

  raceTests(() => ({
    from: (i) => injectCall(t.app, `10.1.${Math.floor(i / 250)}.${(i % 250) + 1}`),
    owner: { authorization: t.apiKey },
    now: t.clock.ms,
  }));
});

describe.skipIf(NO_POSTGRES !== null)(
  clusterTitle("double booking on two store processes sharing PostgreSQL"),
  () => {
    const two: TwoNodesInUse = useTwoStoreProcesses({ env: { TRUST_PROXY: "true" } });

    raceTests(() => ({
      // Even addresses ask node A, odd ones node B.
      from:
        (i) =>
        async (method, path, body, headers = {}) => {
          const node = i % 2 === 0 ? two.a : two.b;
          const response = await fetch(`${node.url}${path}`, {
            method,
            headers: {
              ...headers,
              "content-type": "application/json",
              "x-forwarded-for": `10.2.${Math.floor(i / 250)}.${(i % 250) + 1}`,
            },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          });
          return { status: response.status, json: (await response.json()) as Json };
        },
      owner: { authorization: two.apiKey },
      now: Date.now(),
    }));
  },
);
