/**
 * The booking mails as their readers get them, through a real SMTP server: the client's in the
 * zone they booked in, with the calendar event (read back with ical.js) and the manage link on
 * the store's public origin; the owner's at their one notice address, in the owner's zone; the
 * owner's message to the client quoted; a visitor's text kept to its own lines.
 */
import ICAL from "ical.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type BookingCall, injectCall, setUpBooking } from "../main/test-kit/booking-kit.ts";
import { createMemberKit, type MemberKit, ORIGIN } from "../main/test-kit/identity-kit.ts";
import { ownerHasEmail } from "../main/test-kit/owner-signed-in.ts";
import type { ReceivedMail } from "../main/test-kit/test-smtp.ts";

type Json = Record<string, unknown>;
const OWNER = "owner.mails@example.com";
const ADA = "ada.mails@example.com";

let k: MemberKit;

/** The next mail to `to` matching `pattern`, its lines ended by \n. */
async function mailTo(to: string, pattern: RegExp, options: { skip?: number } = {}) {
  const mail = await k.smtp.waitFor(to, pattern, options);
  return { ...mail, text: mail.text.replace(/\r\n/g, "\n") };
}
let call: BookingCall;
let owner: Record<string, string>;

beforeEach(async () => {
  k = await createMemberKit();
  call = injectCall(k.app);
  owner = { authorization: k.apiKey };
  ownerHasEmail(k.db, OWNER);
  k.insert("SiteSettings", [
    { _id: "site", name: "Alex Sample", company: "Sample Consulting", title: "Alex Sample" },
  ]);
});
afterEach(() => k.close());

/** The calendar event a mail carries, as a calendar reads it. */
function eventOf(mail: ReceivedMail) {
  const file = mail.attachments.find((attachment) => attachment.filename.endsWith(".ics"));
  if (file === undefined) throw new Error(`no calendar file in "${mail.subject}"`);
  const calendar = new ICAL.Component(ICAL.parse(file.content));
  const event = calendar.getFirstSubcomponent("vevent");
  if (event === null) throw new Error("no VEVENT in the calendar");
  return {
    method: calendar.getFirstPropertyValue("method"),
    uid: event.getFirstPropertyValue("uid"),
    sequence: event.getFirstPropertyValue("sequence"),
    start: (event.getFirstPropertyValue("dtstart") as ICAL.Time).toJSDate().toISOString(),
    status: event.getFirstPropertyValue("status"),
    location: event.getFirstPropertyValue("location"),
    contentType: file.contentType,
  };
}

/** A booking on 2 January 2025 at `hourUtc`, by Ada from New York. */
async function book(serviceId: string, hourUtc: number, contact: Json = {}) {
  const start = Date.UTC(2025, 0, 2, hourUtc);
  const made = await call("POST", "/_api/bookings-service/v2/bookings", {
    booking: {
      bookedEntity: {
        slot: {
          serviceId,
          startDate: new Date(start).toISOString(),
          endDate: new Date(start + 30 * 60_000).toISOString(),
        },
      },
      contactDetails: {
        firstName: "Ada",
        lastName: "Lovelace",
        email: ADA,
        timeZone: "America/New_York",
        ...contact,
      },
      extendedFields: { namespaces: { "@consultant/booking": { note: "About my\nshop" } } },
    },
  });
  expect(made.status).toBe(200);
  return made.json.booking as Json;
}

const slotAt = (day: number, hourUtc: number) => {
  const start = Date.UTC(2025, 0, day, hourUtc);
  return {
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + 30 * 60_000).toISOString(),
  };
};

const VIDEO = {
  locations: [
    { type: "CUSTOM", custom: { address: { formattedAddress: "https://meet.example/alex" } } },
  ],
};

describe("the mails of a booking", () => {
  it("tell the client in New York time with the calendar event and link, the owner in Berlin time", async () => {
    const { serviceId } = await setUpBooking(call, owner, { service: VIDEO });
    const booking = await book(serviceId, 8);

    const client = await mailTo(ADA, /booked/);
    expect(client.subject).toBe("Booked: Introductory call with Alex Sample");
    expect(client.text).toContain("Hello Ada,");
    expect(client.text).toContain("Thursday 2 January 2025, 03:00–03:30 (America/New_York, GMT-5)");
    expect(client.text).toContain("Where: Video call: https://meet.example/alex");
    expect(client.text).toMatch(
      new RegExp(`^${ORIGIN}/book/manage\\?token=${booking.id}\\.[\\w-]{43}$`, "m"),
    );
    expect(client.text).toContain("Alex Sample, Sample Consulting");
    expect(eventOf(client)).toEqual({
      method: "REQUEST",
      uid: `booking-${booking.id}@store.test`,
      sequence: 0,
      start: "2025-01-02T08:00:00.000Z",
      status: "CONFIRMED",
      location: "Video call: https://meet.example/alex",
      contentType: expect.stringMatching(/^text\/calendar.*method=REQUEST/),
    });

    const notice = await mailTo(OWNER, /booked/);
    expect(notice.subject).toBe("New booking: Ada Lovelace, Introductory call");
    expect(notice.text).toContain("Thursday 2 January 2025, 09:00–09:30 (Europe/Berlin, CET)");
    expect(notice.text).toContain(`E-mail: ${ADA}`);
    expect(notice.text).toContain("Their time zone: America/New_York");
    // The note was read as one line when booked.
    expect(notice.text).toContain("Their note:\n> About my\n> shop");
  });

  it("a move keeps the UID and raises SEQUENCE; a cancel says CANCEL; the owner hears the client's", async () => {
    const { serviceId } = await setUpBooking(call, owner, { policy: { maxReschedules: 5 } });
    const booking = await book(serviceId, 8);
    const first = eventOf(await mailTo(ADA, /booked/));

    const moved = await call(
      "POST",
      `/_api/bookings-service/v2/bookings/${booking.id}/reschedule`,
      {
        slot: slotAt(3, 9),
        revision: "1",
        participantNotification: { message: "Sorry, a clash.\nSee you Friday." },
      },
      owner,
    );
    expect(moved.status).toBe(200);
    const byOwner = await mailTo(ADA, /has moved/);
    expect(byOwner.subject).toBe("Moved: Introductory call with Alex Sample");
    expect(byOwner.text).toContain("Friday 3 January 2025, 04:00–04:30 (America/New_York, GMT-5)");
    expect(byOwner.text).toContain("It was: Thursday 2 January 2025, 03:00–03:30");
    expect(byOwner.text).toContain("Alex Sample writes:\n> Sorry, a clash.\n> See you Friday.");
    expect(eventOf(byOwner)).toMatchObject({ uid: first.uid, sequence: 1, method: "REQUEST" });

    const token = (
      await call("GET", `/v1/anonymous-bookings/${booking.id}/token`, undefined, owner)
    ).json.token as string;
    const mine = await call("POST", `/v1/anonymous-bookings/${token}/reschedule`, {
      slot: slotAt(3, 10),
    });
    expect(mine.status).toBe(200);
    const byClient = await mailTo(ADA, /has moved/, { skip: 1 });
    expect(eventOf(byClient)).toMatchObject({ uid: first.uid, sequence: 2 });
    const ownerMoved = await mailTo(OWNER, /moved their/);
    expect(ownerMoved.text).toContain("Friday 3 January 2025, 11:00–11:30 (Europe/Berlin, CET)");

    const cancelled = await call("POST", `/v1/anonymous-bookings/${token}/cancel`, {});
    expect(cancelled.status).toBe(200);
    const gone = await mailTo(ADA, /is cancelled, as you asked/);
    expect(gone.subject).toBe("Cancelled: Introductory call with Alex Sample");
    expect(gone.text).not.toContain("move or cancel");
    expect(eventOf(gone)).toMatchObject({
      method: "CANCEL",
      uid: first.uid,
      sequence: 3,
      status: "CANCELLED",
    });
    expect((await mailTo(OWNER, /cancelled their/)).subject).toBe(
      "Cancelled: Ada Lovelace, Introductory call",
    );
    // The owner moved it themselves: no notice of that to them.
    expect(k.smtp.received.filter((mail) => mail.to.includes(OWNER))).toHaveLength(3);
  });

  it("approval: the request is tentative; confirming and declining carry the owner's words", async () => {
    const { serviceId } = await setUpBooking(call, owner, {
      service: { onlineBooking: { enabled: true, requireManualApproval: true } },
    });
    const first = await book(serviceId, 8);
    const request = await mailTo(ADA, /will confirm it soon/);
    expect(request.subject).toBe("Your request for Introductory call with Alex Sample");
    expect(eventOf(request)).toMatchObject({ method: "REQUEST", status: "TENTATIVE" });
    expect((await mailTo(OWNER, /waits for your approval/)).subject).toBe(
      "Booking request: Ada Lovelace, Introductory call",
    );

    await call(
      "POST",
      `/_api/bookings-service/v2/bookings/${first.id}/confirm`,
      { participantNotification: { message: "Looking forward to it." } },
      owner,
    );
    const confirmed = await mailTo(ADA, /confirmed your/);
    expect(confirmed.text).toContain("Alex Sample writes:\n> Looking forward to it.");
    expect(eventOf(confirmed)).toMatchObject({ status: "CONFIRMED", sequence: 0 });

    const second = await book(serviceId, 10);
    await call(
      "POST",
      `/_api/bookings-service/v2/bookings/${second.id}/decline`,
      { participantNotification: { message: "I am away that week." } },
      owner,
    );
    const declined = await mailTo(ADA, /cannot take your/);
    expect(declined.subject).toBe("Not confirmed: Introductory call with Alex Sample");
    expect(declined.text).toContain("> I am away that week.");
    expect(eventOf(declined)).toMatchObject({ method: "CANCEL", status: "CANCELLED" });
  });

  it("a name or note with line breaks or markup cannot pose as the mail's own lines", async () => {
    const { serviceId } = await setUpBooking(call, owner);
    await book(serviceId, 8, {
      firstName: "Ada\nBcc: all@example.com",
      lastName: '<b>Evil</b>";ROLE=CHAIR\r\nhttps://phish.example',
    });
    const notice = await mailTo(OWNER, /booked/);
    expect(notice.subject).toBe(
      `New booking: Ada Bcc: all@example.com <b>Evil</b>";ROLE=CHAIR https://phish.example, Introductory call`,
    );
    expect(notice.to).toEqual([OWNER]);
    expect(notice.text.split("\n")).not.toContain("https://phish.example");
    expect(notice.text).not.toMatch(/^Bcc:/m);
    const client = await mailTo(ADA, /booked/);
    expect(client.to).toEqual([ADA]);
    expect(client.text).toMatch(/^Hello Ada Bcc: all@example\.com,$/m);
    // In the calendar file the name is one quoted parameter of the one attendee.
    const file = client.attachments[0]?.content ?? "";
    const event = new ICAL.Component(ICAL.parse(file)).getFirstSubcomponent("vevent");
    const attendees = event?.getAllProperties("attendee") ?? [];
    expect(attendees).toHaveLength(1);
    expect(attendees[0]?.getParameter("cn")).toBe(
      'Ada Bcc: all@example.com <b>Evil</b>";ROLE=CHAIR https://phish.example',
    );
    expect(attendees[0]?.getParameter("role")).toBeUndefined();
    expect(attendees[0]?.getFirstValue()).toBe(`mailto:${ADA}`);
  });

  it("an owner's message past 2,000 characters is refused in the platform's shape", async () => {
    const { serviceId } = await setUpBooking(call, owner);
    const booking = await book(serviceId, 8);
    const refused = await call(
      "POST",
      `/_api/bookings-service/v2/bookings/${booking.id}/cancel`,
      { participantNotification: { message: "x".repeat(2001) } },
      owner,
    );
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.json)).toContain("participantNotification.message");
    expect(
      (await call("GET", `/v1/anonymous-bookings/${booking.id}/token`, undefined, owner)).status,
    ).toBe(200);
  });
});
