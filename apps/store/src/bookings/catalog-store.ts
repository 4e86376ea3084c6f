/**
 * @module All SQL for what the owner sets up: the schedule (`booking_schedule`, one row), the
 * booking policies and the services. Each policy and service is one row with its fields as JSON
 * and its revision beside them, so an update names the revision it read (docs/protocol.md §14.1).
 */
import type { Db } from "../platform/db/sql-db.ts";
import type { BookingPolicy, BookingService, Schedule } from "./booking-types.ts";

type Row = { data: string; revision: number | string; created_at: number; updated_at: number };

function fromRow<T>(row: Row): T {
  return {
    ...JSON.parse(row.data),
    revision: Number(row.revision),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  } as T;
}

function dataOf<T extends { revision: number; createdAt: number; updatedAt: number }>(entity: T) {
  const { revision: _r, createdAt: _c, updatedAt: _u, ...data } = entity;
  return JSON.stringify(data);
}

export type CatalogStore = ReturnType<typeof createCatalogStore>;

/** The save time the sample's schedule is stored with: no one has saved it yet. */
export const SAMPLE_SCHEDULE_SAVED_AT = 0;

export function createCatalogStore(db: Db) {
  const statements = {
    schedule: db.prepare<[], { time_zone: string; weekly: string; overrides: string }>(
      "SELECT time_zone, weekly, overrides FROM booking_schedule WHERE id = 1",
    ),
    scheduleSavedAt: db.prepare<[], { updated_at: number }>(
      "SELECT updated_at FROM booking_schedule WHERE id = 1",
    ),
    putSchedule: db.prepare(
      `INSERT INTO booking_schedule (id, time_zone, weekly, overrides, updated_at)
       VALUES (1, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET time_zone = excluded.time_zone, weekly = excluded.weekly,
         overrides = excluded.overrides, updated_at = excluded.updated_at`,
    ),
    policy: db.prepare<[string], Row>("SELECT * FROM booking_policies WHERE id = ?"),
    defaultPolicy: db.prepare<[], Row>(
      "SELECT * FROM booking_policies WHERE is_default = 1 ORDER BY created_at, id LIMIT 1",
    ),
    insertPolicy: db.prepare(
      `INSERT INTO booking_policies (id, revision, is_default, data, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    ),
    updatePolicy: db.prepare(
      `UPDATE booking_policies SET revision = revision + 1, data = ?, updated_at = ?
       WHERE id = ? AND revision = ?`,
    ),
    service: db.prepare<[string], Row>("SELECT * FROM booking_services WHERE id = ?"),
    services: db.prepare<[], Row>("SELECT * FROM booking_services ORDER BY created_at, id"),
    countServices: db.prepare<[], { total: number }>(
      "SELECT count(*) AS total FROM booking_services",
    ),
    insertService: db.prepare(
      `INSERT INTO booking_services (id, revision, policy_id, data, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    ),
    updateService: db.prepare(
      `UPDATE booking_services SET revision = revision + 1, policy_id = ?, data = ?, updated_at = ?
       WHERE id = ? AND revision = ?`,
    ),
    deleteService: db.prepare("DELETE FROM booking_services WHERE id = ?"),
  };
  return {
    schedule(): Schedule | null {
      const row = statements.schedule.get();
      if (row === undefined) return null;
      return {
        timeZone: row.time_zone,
        weekly: JSON.parse(row.weekly),
        overrides: JSON.parse(row.overrides),
      };
    },
    /** When the schedule was last saved; SAMPLE_SCHEDULE_SAVED_AT while it is the sample's. */
    scheduleSavedAt(): number | null {
      const row = statements.scheduleSavedAt.get();
      return row === undefined ? null : Number(row.updated_at);
    },
    putSchedule(schedule: Schedule, now: number): void {
      const { timeZone, weekly, overrides } = schedule;
      statements.putSchedule.run(timeZone, JSON.stringify(weekly), JSON.stringify(overrides), now);
    },
    policy(id: string): BookingPolicy | null {
      const row = statements.policy.get(id);
      return row === undefined ? null : fromRow<BookingPolicy>(row);
    },
    defaultPolicy(): BookingPolicy | null {
      const row = statements.defaultPolicy.get();
      return row === undefined ? null : fromRow<BookingPolicy>(row);
    },
    insertPolicy(policy: BookingPolicy): void {
      const { id, revision, isDefault, createdAt, updatedAt } = policy;
      statements.insertPolicy.run(
        id,
        revision,
        isDefault ? 1 : 0,
        dataOf(policy),
        createdAt,
        updatedAt,
      );
    },
    /** Writes `policy` over the stored one if that is still at `revision`; false otherwise. */
    updatePolicy(policy: BookingPolicy, revision: number): boolean {
      const { id, updatedAt } = policy;
      return statements.updatePolicy.run(dataOf(policy), updatedAt, id, revision).changes === 1;
    },
    service(id: string): BookingService | null {
      const row = statements.service.get(id);
      return row === undefined ? null : fromRow<BookingService>(row);
    },
    services(): BookingService[] {
      return statements.services.all().map((row) => fromRow<BookingService>(row));
    },
    countServices(): number {
      return Number(statements.countServices.get()?.total ?? 0);
    },
    insertService(service: BookingService): void {
      const { id, revision, policyId, createdAt, updatedAt } = service;
      statements.insertService.run(id, revision, policyId, dataOf(service), createdAt, updatedAt);
    },
    updateService(service: BookingService, revision: number): boolean {
      const { id, policyId, updatedAt } = service;
      const data = dataOf(service);
      return statements.updateService.run(policyId, data, updatedAt, id, revision).changes === 1;
    },
    deleteService(id: string): boolean {
      return statements.deleteService.run(id).changes === 1;
    },
  };
}
