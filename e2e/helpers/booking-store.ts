/**
 * @module A store of the booking spec's own (its bookings and limits count per store), with the
 * sample introductory call, mailing through a real SMTP server the spec reads (the visitor's mail,
 * its calendar file and its link), and an API key for the owner's calls: a booking made through
 * the store's API where the visitor could not (starting within the cancel cutoff).
 */
import {
  createAccessStore,
  createApiKeys,
  seedBooking,
  startTestSmtp,
  type TestSmtp,
} from "../../apps/store/src/main/testing.ts";
import { type OwnerStore, setSiteSettings, startOwnerStore } from "./owner-store.ts";

export type BookingStore = OwnerStore & {
  /** What the store has mailed. */
  mail: TestSmtp;
  /** Books the sample service `hoursAhead` from now as the owner may (past the policy); its manage link. */
  bookSoon(hoursAhead: number): Promise<string>;
};

type Json = Record<string, unknown>;

export async function startBookingStore(): Promise<BookingStore> {
  // The form's pause before a post counts too fast a test as a bot; people take longer.
  const mail = await startTestSmtp();
  const store = await startOwnerStore("the booking spec's owner password", {
    contact: { minMs: 0 },
    pictures: true,
    mailer: mail.mailer,
  });
  seedBooking(store.db, { now: Date.now });
  // The site's address as its owner gives it: the mails' links lead to this store.
  setSiteSettings(store.db, { siteUrl: store.url });
  const apiKey = createApiKeys(createAccessStore(store.db)).rotate();
  const owner = { authorization: apiKey, "content-type": "application/json" };
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${store.url}${path}`, {
      method,
      headers: owner,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await response.json()) as Json;
    if (!response.ok) throw new Error(`${method} ${path}: ${JSON.stringify(json)}`);
    return json;
  };
  return {
    ...store,
    mail,
    async close() {
      await store.close();
      await mail.close();
    },
    async bookSoon(hoursAhead) {
      const services = await call("POST", "/bookings/v2/services/query", { query: {} });
      const serviceId = String(((services.services as Json[])[0] as Json).id);
      const start = Math.ceil((Date.now() + hoursAhead * 3_600_000) / 300_000) * 300_000;
      const made = await call("POST", "/_api/bookings-service/v2/bookings", {
        booking: {
          bookedEntity: {
            slot: {
              serviceId,
              startDate: new Date(start).toISOString(),
              endDate: new Date(start + 30 * 60_000).toISOString(),
            },
          },
          contactDetails: { firstName: "Soon", email: "soon@example.com", timeZone: "UTC" },
        },
        flowControlSettings: {
          skipAvailabilityValidation: true,
          skipBookingPolicyValidation: true,
        },
      });
      const id = String((made.booking as Json).id);
      const { token } = await call(
        "GET",
        `/_api/bookings-service/v1/anonymous-bookings/${id}/token`,
      );
      return `/book/manage?token=${String(token)}`;
    },
  };
}
