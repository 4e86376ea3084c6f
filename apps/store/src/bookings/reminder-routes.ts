/**
 * @module The owner's reminder setting (docs/bookings.md, "Mails and reminders"): how long before
 * a meeting the client is reminded, `GET` and `PUT /_api/bookings-consultant/v1/reminders` with
 * `{reminders: {offsetsMinutes: [1440, 60]}}` (an empty list sends none). The owner's only.
 */
import type { FastifyInstance } from "fastify";
import type { BookingAccess } from "./booking-access.ts";
import type { ReminderStore } from "./reminder-store.ts";
import { readReminderOffsets } from "./reminders.ts";
import { objectAt } from "./wire-input.ts";

export const REMINDERS_PATH = "/_api/bookings-consultant/v1/reminders";

export function reminderRoutes(
  app: FastifyInstance,
  options: { reminders: ReminderStore; access: BookingAccess; now: () => number },
) {
  const { reminders, access, now } = options;
  app.get(REMINDERS_PATH, async (request) => {
    access.requireOwner(request);
    return { reminders: { offsetsMinutes: reminders.offsets() } };
  });
  app.put(REMINDERS_PATH, async (request) => {
    access.requireOwner(request);
    const offsets = readReminderOffsets(objectAt(request.body, "reminders"));
    reminders.putOffsets(offsets, now());
    return { reminders: { offsetsMinutes: offsets } };
  });
}
