/**
 * @module Sends the booking mails (words in booking-mail-words.ts): the client's, with the
 * booking's calendar event attached (booking-ics.ts) and the manage link on the site's public
 * origin (PUBLIC_URL, else Site settings; never a request's Host); the owner's to their one
 * notice address. Mail never fails a booking: a delivery problem is logged (identity's
 * `deliver`); a reminder's is reported, so its claim is given back.
 */
import { deliver, type IdentityContext, ownerNoticeAddress } from "../identity/index.ts";
import { configuredOrigin } from "../platform/http/request-origin.ts";
import type { MailMessage } from "../platform/mail/mailer.ts";
import { bookingIcs } from "./booking-ics.ts";
import {
  type ClientMailKind,
  clientMail,
  type MailFrame,
  type OwnerMailKind,
  ownerMail,
} from "./booking-mail-words.ts";
import type { BookingEvents } from "./booking-rules.ts";
import type { Booking, BookingService } from "./booking-types.ts";
import { manageLink } from "./manage-link.ts";
import { whereWords } from "./where-words.ts";

export type NoticeDeps = {
  identity: IdentityContext;
  /** The Site settings item's data (the consultant's name, the company, the site's title). */
  siteSettings: () => Record<string, unknown>;
  findService: (id: string) => BookingService | null;
  tokenOf: (bookingId: string) => string;
  now: () => number;
};

function text(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}

export type BookingNotices = BookingEvents & {
  /** The reminder `offsetMinutes` before the booking; rejects when it could not be sent. */
  reminder(booking: Booking, offsetMinutes: number): Promise<void>;
};

export function createBookingNotices(deps: NoticeDeps): BookingNotices {
  const { identity } = deps;
  const origin = () => configuredOrigin(identity);

  function frameOf(booking: Booking, site: string): MailFrame {
    const settings = deps.siteSettings();
    const consultant = text(settings.name) || text(settings.company) || "Your consultant";
    const service = deps.findService(booking.serviceId);
    const location = service === null ? "" : whereWords(service);
    const siteName = text(settings.company) || text(settings.title) || consultant;
    return {
      consultant,
      site: siteName,
      manageLink: site === "" ? null : manageLink(site, deps.tokenOf(booking.id)),
      location,
    };
  }

  function toClient(booking: Booking, mail: ClientMailKind): MailMessage {
    const site = origin() ?? "";
    const frame = frameOf(booking, site);
    const host = site === "" ? "localhost" : new URL(site).host;
    const ics = bookingIcs(booking, {
      host,
      organizer: ownerNoticeAddress(identity) ?? `no-reply@${host}`,
      location: frame.location,
      now: deps.now(),
    });
    const method = /^METHOD:(\w+)/m.exec(ics)?.[1] ?? "REQUEST";
    return {
      to: booking.contact.email,
      ...clientMail(booking, frame, mail),
      attachments: [
        {
          filename: method === "CANCEL" ? "cancel.ics" : "invite.ics",
          contentType: `text/calendar; charset=utf-8; method=${method}`,
          content: ics,
        },
      ],
    };
  }

  function client(booking: Booking, mail: ClientMailKind): void {
    void deliver(identity, toClient(booking, mail));
  }

  function owner(booking: Booking, mail: OwnerMailKind): void {
    const to = ownerNoticeAddress(identity);
    if (to === null) return;
    const frame = frameOf(booking, origin() ?? "");
    void deliver(identity, { to, ...ownerMail(booking, frame, booking.ownerZone, mail) });
  }

  return {
    booked(booking) {
      client(booking, { kind: "booked" });
      owner(booking, { kind: "booked" });
    },
    confirmed(booking, message) {
      client(booking, { kind: "confirmed", message });
    },
    declined(booking, message) {
      client(booking, { kind: "declined", message });
    },
    moved(booking, previous, byOwner, message) {
      const was = { previousStart: previous.start, previousEnd: previous.end };
      client(booking, { kind: "moved", ...was, message });
      // The owner moved it themselves, or hears of the client's move.
      if (!byOwner) owner(booking, { kind: "moved", ...was });
    },
    cancelled(booking, byOwner, message) {
      client(booking, { kind: "cancelled", byOwner, message });
      if (!byOwner) owner(booking, { kind: "cancelled" });
    },
    async reminder(booking, offsetMinutes) {
      await identity.mailer.send(toClient(booking, { kind: "reminder", offsetMinutes }));
    },
  };
}
