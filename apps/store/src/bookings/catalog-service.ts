/**
 * @module What the owner sets up, with its rules: the schedule, booking policies (one default,
 * made on first use) and services, each write naming the revision it read (docs/protocol.md
 * §14.1, §14.5). Services are queried in memory with the data-items filter language: a
 * consultant has a handful of them.
 */
import { randomUUID } from "node:crypto";
import { ApiError, validationError, violation } from "../platform/errors.ts";
import { compareItems, evaluate } from "../platform/query/evaluate.ts";
import { parseFieldPath, parseFilter } from "../platform/query/parse-filter.ts";
import type { BookingPolicy, BookingService, Schedule } from "./booking-types.ts";
import { type CatalogStore, SAMPLE_SCHEDULE_SAVED_AT } from "./catalog-store.ts";
import { objectAt, readPolicy, readSchedule, readService } from "./wire-input.ts";
import { serviceToWire } from "./wire-shapes.ts";

type Json = Record<string, unknown>;

const BLANK_POLICY = {
  name: "Default policy",
  bookingWindowMinutes: 60 * 24 * 60,
  minimumNoticeMinutes: 12 * 60,
  cancelEnabled: true,
  cancelCutoffMinutes: 24 * 60,
  rescheduleEnabled: true,
  rescheduleCutoffMinutes: 24 * 60,
  maxReschedules: 2,
};

const BLANK_SERVICE = {
  policyId: "",
  name: "",
  description: "",
  tagLine: "",
  priceText: "",
  locationKind: "VIDEO" as const,
  locationText: "",
  durationMinutes: 30,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  slotIntervalMinutes: 0,
  maxPerDay: null,
  onlineBookingEnabled: true,
  requireManualApproval: false,
  hidden: false,
};

/** The revision a write names; the platform sends it as a decimal string. */
function revisionOf(value: unknown, field: string): number {
  const revision = typeof value === "string" && /^\d{1,15}$/.test(value) ? Number(value) : value;
  if (typeof revision !== "number" || !Number.isSafeInteger(revision)) {
    throw validationError([violation(field, "is required: the revision last read")]);
  }
  return revision;
}

export type CatalogService = ReturnType<typeof createCatalogService>;

export function createCatalogService(store: CatalogStore, now: () => number) {
  const policyOrThrow = (id: string) => {
    const policy = store.policy(id);
    if (policy === null) throw new ApiError("BOOKING_POLICY_NOT_FOUND", [id]);
    return policy;
  };
  const serviceOrThrow = (id: string) => {
    const service = store.service(id);
    if (service === null) throw new ApiError("BOOKING_SERVICE_NOT_FOUND", [id]);
    return service;
  };

  const catalog = {
    schedule(): Schedule | null {
      return store.schedule();
    },
    putSchedule(body: Json): Schedule {
      const schedule = readSchedule(body);
      store.putSchedule(schedule, now());
      return schedule;
    },
    /** Stores the sample's schedule as saved by no one (`savedAt` stays null). */
    putSampleSchedule(body: Json): void {
      store.putSchedule(readSchedule(body), SAMPLE_SCHEDULE_SAVED_AT);
    },
    /** When the owner last saved the schedule; null while it is the sample's (or none). */
    scheduleSavedAt(): number | null {
      const at = store.scheduleSavedAt();
      return at === null || at === SAMPLE_SCHEDULE_SAVED_AT ? null : at;
    },
    defaultPolicy(): BookingPolicy {
      const existing = store.defaultPolicy();
      if (existing !== null) return existing;
      return catalog.createPolicy({}, true);
    },
    createPolicy(body: Json, isDefault = false): BookingPolicy {
      const at = now();
      const policy = { ...readPolicy(body, BLANK_POLICY), id: randomUUID(), isDefault };
      const created = { ...policy, revision: 1, createdAt: at, updatedAt: at };
      store.insertPolicy(created);
      return created;
    },
    policy: policyOrThrow,
    updatePolicy(id: string, body: Json): BookingPolicy {
      const current = policyOrThrow(id);
      const revision = revisionOf(body.revision, "bookingPolicy.revision");
      const updated = { ...current, ...readPolicy(body, current), updatedAt: now() };
      if (revision !== current.revision || !store.updatePolicy(updated, revision)) {
        throw new ApiError("BOOKING_REVISION_MISMATCH", [
          "Booking policy",
          id,
          current.revision,
          revision,
        ]);
      }
      return { ...updated, revision: revision + 1 };
    },
    createService(body: Json): BookingService {
      const fields = readService(body, { ...BLANK_SERVICE, policyId: "" });
      const policyId = fields.policyId === "" ? catalog.defaultPolicy().id : fields.policyId;
      policyOrThrow(policyId);
      const at = now();
      const service = {
        ...fields,
        policyId,
        id: randomUUID(),
        revision: 1,
        createdAt: at,
        updatedAt: at,
      };
      store.insertService(service);
      return service;
    },
    service: serviceOrThrow,
    findService(id: string): BookingService | null {
      return store.service(id);
    },
    updateService(id: string, body: Json): BookingService {
      const current = serviceOrThrow(id);
      const revision = revisionOf(body.revision, "service.revision");
      const updated = { ...current, ...readService(body, current), updatedAt: now() };
      policyOrThrow(updated.policyId);
      if (revision !== current.revision || !store.updateService(updated, revision)) {
        throw new ApiError("BOOKING_REVISION_MISMATCH", [
          "Service",
          id,
          current.revision,
          revision,
        ]);
      }
      return { ...updated, revision: revision + 1 };
    },
    /** The booking page's hook: the services a visitor can book online, by name. */
    bookableServices(): BookingService[] {
      return store
        .services()
        .filter((service) => !service.hidden && service.onlineBookingEnabled)
        .sort((a, b) => a.name.localeCompare(b.name));
    },
    deleteService(id: string): void {
      if (!store.deleteService(id)) throw new ApiError("BOOKING_SERVICE_NOT_FOUND", [id]);
    },
    /** `{query: {filter, sort, paging: {limit, offset}}}` over the services as the wire shows them. */
    queryServices(body: Json, visitor: boolean) {
      const query = objectAt(body, "query");
      const filter = parseFilter(query.filter);
      const paging = objectAt(query, "paging");
      const limit = paging.limit === undefined ? 100 : paging.limit;
      const offset = paging.offset === undefined ? 0 : paging.offset;
      if (!Number.isInteger(limit) || (limit as number) < 1 || (limit as number) > 100) {
        throw validationError([violation("query.paging.limit", "must be from 1 to 100", "MAX")]);
      }
      if (!Number.isInteger(offset) || (offset as number) < 0) {
        throw validationError([violation("query.paging.offset", "must be 0 or more", "MIN")]);
      }
      const sort = (Array.isArray(query.sort) ? query.sort : []).map((entry, index) => ({
        path: parseFieldPath(objectAt(entry).fieldName, `query.sort[${index}].fieldName`),
        order: objectAt(entry).order === "DESC" ? ("DESC" as const) : ("ASC" as const),
      }));
      const all = store
        .services()
        .filter((service) => !(visitor && service.hidden))
        .map((service) => serviceToWire(service) as unknown as Json)
        .filter((service) => evaluate(service, filter))
        .sort((a, b) => compareItems(a, b, sort));
      const page = all.slice(offset as number, (offset as number) + (limit as number));
      return {
        services: page,
        pagingMetadata: {
          count: page.length,
          offset,
          total: all.length,
          hasNext: (offset as number) + page.length < all.length,
        },
      };
    },
  };
  return catalog;
}
