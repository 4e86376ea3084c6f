/**
 * @module The booking mails' words (docs/bookings.md, "Mails and reminders"): to the client on
 * booking, approval, a move, a cancel and before the meeting, each with the time in the client's
 * zone and the manage link; to the owner on a booking, a move and a cancel, in the owner's zone.
 * Plain text only: what a visitor typed (names, notes) is kept on its own lines and quoted, so
 * it can neither pose as the mail's own words nor reach a header.
 */
import type { Booking } from "./booking-types.ts";
import { offsetWords, spanInZone } from "./mail-times.ts";

/** Who the mail is from, where the meeting is, and the link back to the booking. */
export type MailFrame = {
  /** The consultant's name. */
  consultant: string;
  /** The site's name (the company, else the site's title). */
  site: string;
  /** The manage link, null when the store knows no public address for the site. */
  manageLink: string | null;
  /** `Video call: https://…`, `Phone: …`, `In person: …`, or empty. */
  location: string;
};

export type ClientMailKind =
  | { kind: "booked" }
  | { kind: "confirmed"; message: string }
  | { kind: "declined"; message: string }
  | { kind: "moved"; previousStart: number; previousEnd: number; message: string }
  | { kind: "cancelled"; byOwner: boolean; message: string }
  | { kind: "reminder"; offsetMinutes: number };

export type OwnerMailKind =
  | { kind: "booked" }
  | { kind: "moved"; previousStart: number; previousEnd: number }
  | { kind: "cancelled" };

export type MailWords = { subject: string; text: string };

/** One line of someone else's text: no line breaks or other controls. */
export function oneLine(text: string): string {
  return text
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Someone else's text of several lines, each quoted. */
function quoted(text: string): string[] {
  return text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => `> ${line.replace(/[\p{Cc}\p{Zl}\p{Zp}]/gu, " ")}`.trimEnd());
}

function fullName(booking: Booking): string {
  return oneLine(`${booking.contact.firstName} ${booking.contact.lastName}`) || "A visitor";
}

function ownerWords(frame: MailFrame, message: string): string[] {
  return message.trim() === ""
    ? []
    : ["", `${oneLine(frame.consultant)} writes:`, ...quoted(message)];
}

function clientFooter(frame: MailFrame, canChange: boolean): string[] {
  const lines: string[] = [];
  if (frame.location !== "") lines.push("", `Where: ${oneLine(frame.location)}`);
  if (frame.manageLink !== null) {
    lines.push(
      "",
      canChange ? "To see, move or cancel your booking:" : "Your booking:",
      frame.manageLink,
    );
  }
  lines.push("", `${oneLine(frame.consultant)}, ${oneLine(frame.site)}`);
  return lines;
}

export function clientMail(booking: Booking, frame: MailFrame, mail: ClientMailKind): MailWords {
  const zone = booking.contact.timeZone;
  const when = spanInZone(booking.start, booking.end, zone);
  const title = oneLine(booking.title);
  const consultant = oneLine(frame.consultant);
  const hello = `Hello ${oneLine(booking.contact.firstName) || "there"},`;
  const live = booking.status === "CONFIRMED" || booking.status === "PENDING";
  const body = (subject: string, lines: string[], extra: string[] = []) => ({
    subject,
    text: [hello, "", ...lines, ...extra, ...clientFooter(frame, live)].join("\n"),
  });
  switch (mail.kind) {
    case "booked":
      return booking.status === "PENDING"
        ? body(`Your request for ${title} with ${consultant}`, [
            `${consultant} has your request for ${title} and will confirm it soon:`,
            when,
            "",
            "Your calendar file holds the time as tentative until then.",
          ])
        : body(`Booked: ${title} with ${consultant}`, [
            `Your ${title} with ${consultant} is booked:`,
            when,
          ]);
    case "confirmed":
      return body(
        `Confirmed: ${title} with ${consultant}`,
        [`${consultant} confirmed your ${title}:`, when],
        ownerWords(frame, mail.message),
      );
    case "declined":
      return body(
        `Not confirmed: ${title} with ${consultant}`,
        [`${consultant} cannot take your ${title} at this time:`, when],
        ownerWords(frame, mail.message),
      );
    case "moved":
      return body(
        `Moved: ${title} with ${consultant}`,
        [
          `Your ${title} with ${consultant} has moved to:`,
          when,
          "",
          `It was: ${spanInZone(mail.previousStart, mail.previousEnd, zone)}`,
        ],
        ownerWords(frame, mail.message),
      );
    case "cancelled":
      return body(
        `Cancelled: ${title} with ${consultant}`,
        [
          mail.byOwner
            ? `${consultant} cancelled your ${title}:`
            : `Your ${title} with ${consultant} is cancelled, as you asked:`,
          when,
        ],
        ownerWords(frame, mail.message),
      );
    case "reminder":
      return body(`Reminder: ${title} with ${consultant} in ${offsetWords(mail.offsetMinutes)}`, [
        `A reminder of your ${title} with ${consultant}:`,
        when,
      ]);
  }
}

export function ownerMail(
  booking: Booking,
  frame: MailFrame,
  ownerZone: string,
  mail: OwnerMailKind,
): MailWords {
  const who = fullName(booking);
  const title = oneLine(booking.title);
  const when = spanInZone(booking.start, booking.end, ownerZone);
  const client = [
    "",
    `Client: ${who}`,
    `E-mail: ${booking.contact.email}`,
    ...(booking.contact.phone === "" ? [] : [`Phone: ${oneLine(booking.contact.phone)}`]),
    `Their time zone: ${booking.contact.timeZone}`,
    ...(booking.note.trim() === "" ? [] : ["Their note:", ...quoted(booking.note)]),
  ];
  const footer = ["", `The agenda is in your editor, under Booking. (${oneLine(frame.site)})`];
  const text = (lines: string[]) => [...lines, ...client, ...footer].join("\n");
  switch (mail.kind) {
    case "booked":
      return booking.status === "PENDING"
        ? {
            subject: `Booking request: ${who}, ${title}`,
            text: text([`${who} asks for ${title}; it waits for your approval:`, when]),
          }
        : {
            subject: `New booking: ${who}, ${title}`,
            text: text([`${who} booked ${title}:`, when]),
          };
    case "moved":
      return {
        subject: `Moved: ${who}, ${title}`,
        text: text([
          `${who} moved their ${title} to:`,
          when,
          `It was: ${spanInZone(mail.previousStart, mail.previousEnd, ownerZone)}`,
        ]),
      };
    case "cancelled":
      return {
        subject: `Cancelled: ${who}, ${title}`,
        text: text([`${who} cancelled their ${title}:`, when]),
      };
  }
}
