/**
 * @module All SQL for the bookings and their claims (migrations 0610, postgres/0170). A booking's
 * time is taken by claim rows, one per five minutes of it, buffers included, and one seat of its
 * day when the service limits its bookings per day. `claim` inserts them with ON CONFLICT DO
 * NOTHING and reports whether every row went in: a unit or seat another booking holds (on any
 * node: PostgreSQL makes the second insert wait for the first's commit) is never claimed twice,
 * so the caller, inside the transaction that inserts the booking, gives up and rolls back.
 */
import type { Db } from "../platform/db/sql-db.ts";
import type { TakenTime } from "./availability.ts";
import type { Booking, BookingStatus } from "./booking-types.ts";

/** The claim unit: every time, length and buffer is a multiple of it (booking-rules.ts). */
export const UNIT_MS = 5 * 60_000;

type Raw = {
  id: string;
  revision: number | string;
  service_id: string;
  status: BookingStatus;
  start_at: number | string;
  end_at: number | string;
  owner_zone: string;
  owner_day: string;
  reschedules: number;
  token_salt: string;
  request_hash: string | null;
  data: string;
  created_at: number | string;
  updated_at: number | string;
};

export type StoredBooking = { booking: Booking; tokenSalt: string; requestHash: string | null };

function toStored(row: Raw): StoredBooking {
  const data = JSON.parse(row.data) as Pick<Booking, "title" | "contact" | "note" | "ownerMessage">;
  return {
    booking: {
      id: row.id,
      revision: Number(row.revision),
      serviceId: row.service_id,
      status: row.status,
      start: Number(row.start_at),
      end: Number(row.end_at),
      ownerZone: row.owner_zone,
      ownerDay: row.owner_day,
      reschedules: Number(row.reschedules),
      ...data,
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
    },
    tokenSalt: row.token_salt,
    requestHash: row.request_hash,
  };
}

export type NewBooking = {
  booking: Booking;
  tokenSalt: string;
  idempotencyKey: string | null;
  requestHash: string | null;
  /** The signed-in member who booked, if any. */
  memberId?: string | null;
};

export type BookingStore = ReturnType<typeof createBookingStore>;

export function createBookingStore(db: Db) {
  const statements = {
    insert: db.prepare(
      `INSERT INTO bookings (id, revision, service_id, status, start_at, end_at, owner_zone,
         owner_day, reschedules, idempotency_key, request_hash, token_salt, data, created_at,
         updated_at, contact_email, member_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    get: db.prepare<[string], Raw>("SELECT * FROM bookings WHERE id = ?"),
    byKey: db.prepare<[string], Raw>("SELECT * FROM bookings WHERE idempotency_key = ?"),
    between: db.prepare<[number, number], Raw>(
      "SELECT * FROM bookings WHERE start_at < ? AND end_at > ? ORDER BY start_at, id",
    ),
    claimUnit: db.prepare(
      `INSERT INTO booking_time_claims (unit_start, booking_id) VALUES (?, ?)
       ON CONFLICT (unit_start) DO NOTHING`,
    ),
    claimSeat: db.prepare(
      `INSERT INTO booking_day_claims (service_id, owner_day, seat, booking_id) VALUES (?, ?, ?, ?)
       ON CONFLICT (service_id, owner_day, seat) DO NOTHING`,
    ),
    seatsTaken: db.prepare<[string, string], { seat: number | string }>(
      "SELECT seat FROM booking_day_claims WHERE service_id = ? AND owner_day = ?",
    ),
    releaseUnits: db.prepare("DELETE FROM booking_time_claims WHERE booking_id = ?"),
    releaseSeats: db.prepare("DELETE FROM booking_day_claims WHERE booking_id = ?"),
    claimedUnits: db.prepare<[number, number], { unit_start: number | string }>(
      `SELECT unit_start FROM booking_time_claims WHERE unit_start >= ? AND unit_start < ?
       ORDER BY unit_start`,
    ),
    perDay: db.prepare<[string, string, string], { owner_day: string; taken: number | string }>(
      `SELECT owner_day, count(*) AS taken FROM booking_day_claims
       WHERE service_id = ? AND owner_day >= ? AND owner_day <= ? GROUP BY owner_day`,
    ),
    ofMember: db.prepare<[string, string], Raw>(
      `SELECT * FROM bookings WHERE member_id = ? OR contact_email = ?
       ORDER BY start_at DESC, id`,
    ),
    eraseOfMember: db.prepare("DELETE FROM bookings WHERE member_id = ? OR contact_email = ?"),
    update: db.prepare(
      `UPDATE bookings SET revision = revision + 1, status = ?, start_at = ?, end_at = ?,
         owner_zone = ?, owner_day = ?, reschedules = ?, data = ?, updated_at = ?
       WHERE id = ? AND revision = ?`,
    ),
  };
  const dataOf = ({ title, contact, note, ownerMessage }: Booking) =>
    JSON.stringify({ title, contact, note, ownerMessage: ownerMessage ?? null });

  return {
    insert({ booking: b, tokenSalt, idempotencyKey, requestHash, memberId }: NewBooking): void {
      statements.insert.run(
        b.id,
        b.revision,
        b.serviceId,
        b.status,
        b.start,
        b.end,
        b.ownerZone,
        b.ownerDay,
        b.reschedules,
        idempotencyKey,
        requestHash,
        tokenSalt,
        dataOf(b),
        b.createdAt,
        b.updatedAt,
        b.contact.email.toLowerCase(),
        memberId ?? null,
      );
    },
    get(id: string): StoredBooking | null {
      const row = statements.get.get(id);
      return row === undefined ? null : toStored(row);
    },
    byIdempotencyKey(key: string): StoredBooking | null {
      const row = statements.byKey.get(key);
      return row === undefined ? null : toStored(row);
    },
    /** Bookings whose time meets [from, to), every status. */
    between(from: number, to: number): Booking[] {
      return statements.between.all(to, from).map((row) => toStored(row).booking);
    },
    /** Claims every unit of `time` for `bookingId`; false when any is another's. */
    claimTime(bookingId: string, time: TakenTime): boolean {
      for (let unit = time.start; unit < time.end; unit += UNIT_MS) {
        if (statements.claimUnit.run(unit, bookingId).changes !== 1) return false;
      }
      return true;
    },
    /**
     * Claims a free seat of the service's day (seats 1..max); false when all are taken. The seats
     * read as taken are skipped (one read, not a write per taken seat); a seat another booking
     * takes meanwhile is refused by its key, and the next is tried.
     */
    claimSeat(bookingId: string, serviceId: string, ownerDay: string, max: number): boolean {
      const taken = new Set(
        statements.seatsTaken.all(serviceId, ownerDay).map((row) => Number(row.seat)),
      );
      for (let seat = 1; seat <= max; seat++) {
        if (taken.has(seat)) continue;
        if (statements.claimSeat.run(serviceId, ownerDay, seat, bookingId).changes === 1) {
          return true;
        }
      }
      return false;
    },
    release(bookingId: string): void {
      statements.releaseUnits.run(bookingId);
      statements.releaseSeats.run(bookingId);
    },
    /** The claimed time in [from, to), its touching units joined into stretches. */
    takenBetween(from: number, to: number): TakenTime[] {
      const stretches: TakenTime[] = [];
      for (const row of statements.claimedUnits.all(from - (from % UNIT_MS), to)) {
        const start = Number(row.unit_start);
        const last = stretches.at(-1);
        if (last !== undefined && last.end === start) last.end = start + UNIT_MS;
        else stretches.push({ start, end: start + UNIT_MS });
      }
      return stretches;
    },
    perDay(serviceId: string, firstDay: string, lastDay: string): Map<string, number> {
      const rows = statements.perDay.all(serviceId, firstDay, lastDay);
      return new Map(rows.map((row) => [row.owner_day, Number(row.taken)]));
    },
    /** A member's bookings: made while signed in as them or with their address; latest first. */
    ofMember(memberId: string, email: string): Booking[] {
      return statements.ofMember.all(memberId, email.toLowerCase()).map((r) => toStored(r).booking);
    },
    /** Removes a member's bookings; their claims and reminders go with them (ON DELETE CASCADE). */
    eraseOfMember(memberId: string, email: string): void {
      statements.eraseOfMember.run(memberId, email.toLowerCase());
    },
    /** Writes `booking` over the stored one if that is still at `revision`; false otherwise. */
    update(booking: Booking, revision: number): boolean {
      const b = booking;
      return (
        statements.update.run(
          b.status,
          b.start,
          b.end,
          b.ownerZone,
          b.ownerDay,
          b.reschedules,
          dataOf(b),
          b.updatedAt,
          b.id,
          revision,
        ).changes === 1
      );
    },
  };
}
