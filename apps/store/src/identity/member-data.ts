/**
 * @module A member's own data: the export (one zip archive of everything the store
 * holds about them: profile, the items they created, their sessions, sign-in history, the
 * mails sent to them, their files and their bookings) and the erasure of all of it. After erasure no table holds their e-mail
 * or id, nor the files folder their uploads: the outbox's mails to them and the attempt counters
 * keyed by them (as digests) go too.
 */
import type * as Fflate from "fflate";
import type { Db } from "../platform/db/sql-db.ts";
import { requireOnFirstUse } from "../platform/load-on-first-use.ts";
import type { IdentityContext } from "./identity-context.ts";
import type { MailKind } from "./mail-gate.ts";
import { namesOf } from "./member-name.ts";
import { listSessions } from "./session-list.ts";
import type { IdentityRow } from "./storage/identity-store.ts";
import { createPasskeysStore } from "./storage/passkeys-store.ts";
import { createSecurityStore } from "./storage/security-store.ts";

const README = `Everything this site's store holds about your account, as of the date in profile.json.
profile.json   your account: e-mail, status, profile fields, dates
items.json     the items you created
sessions.json  your sign-ins that have not ended (device, address, last use)
sign-ins.json  your recent sign-ins and failed attempts (up to 50, 90 days)
mails.json     the mails the store sent you (subject and date)
passkeys.json  your passkeys (name, dates; the public keys only: the private ones never left your devices)
files.json     the files shared with you and the files you sent (name, type, size, dates;
               the files themselves are in your client area)
bookings.json  the meetings you booked with this address or while signed in (times in UTC,
               with the time zone you booked in)
`;

/** The zip writer, loaded with the first export, not at start (docs/benchmarks.md, idle memory). */
const fflate = requireOnFirstUse<typeof Fflate>("fflate");
const json = (value: unknown) => fflate().strToU8(`${JSON.stringify(value, null, 2)}\n`);
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

type NullableTime = number | null;

/**
 * The files wing's rows about one member, as the export reads them. The files wing sits above
 * identity (it mails members), so what it holds comes in through this port, filled by the wiring.
 */
export type MemberFiles = {
  filesFor(memberId: string): readonly {
    name: string;
    type: string;
    size: number;
    folder: string | null;
    note: string | null;
    sharedAt: number;
    expiresAt: NullableTime;
    firstOpenedAt: NullableTime;
  }[];
  uploadsOf(memberId: string): readonly {
    name: string;
    type: string;
    size: number;
    sha256: string;
    createdAt: number;
  }[];
  /** Removes the member's uploads, their rows and their bytes. */
  eraseUploadsOf(memberId: string): void;
};

/**
 * The booking wing's bookings of one member: those made while signed in as them or with their
 * address. The booking wing sits above identity, so they come in through this port too.
 */
export type MemberBookings = {
  bookingsOf(member: { id: string; email: string }): readonly Record<string, unknown>[];
  /** Removes them, their held times and their reminders. */
  eraseBookingsOf(member: { id: string; email: string }): void;
};

export type MemberData = ReturnType<typeof createMemberData>;

/**
 * Every key a limit counts a member under (identity-context.ts `createLimits`, mail-gate.ts,
 * the files' uploads): their e-mail, their id, and the mail cool-downs per kind of mail. The
 * counters keep only digests of these (platform/limits/attempt-counter.ts).
 */
export function memberLimitKeys(member: Pick<IdentityRow, "id" | "email">): string[] {
  const kinds: MailKind[] = ["code", "link", "alert", "security"];
  return [member.email, member.id, ...kinds.map((kind) => `${kind}:${member.email}`)];
}

export function createMemberData(
  db: Db,
  ctx: Pick<IdentityContext, "store" | "sessions" | "signIns" | "now">,
  files: MemberFiles,
  bookings: MemberBookings,
) {
  const security = createSecurityStore(db);
  const passkeys = createPasskeysStore(db);
  return {
    /** The zip archive of everything the store holds about `member`. */
    exportArchive(member: IdentityRow): Uint8Array {
      const profile = {
        id: member.id,
        email: member.email,
        emailVerified: member.emailVerified,
        status: member.status,
        profile: member.profile,
        twoStepVerification: member.totpSecret !== null,
        createdAt: iso(member.createdAt),
        updatedAt: iso(member.updatedAt),
        lastSignInAt: iso(member.lastSignInAt),
        exportedAt: iso(ctx.now()),
      };
      const sessions = listSessions(ctx.sessions, member.id, undefined).map(
        ({ current: _, ...session }) => session,
      );
      const { strToU8, zipSync } = fflate();
      return zipSync({
        "README.txt": strToU8(README),
        "profile.json": json(profile),
        "items.json": json(security.itemsOwnedBy(member.id)),
        "sessions.json": json(sessions),
        "sign-ins.json": json(ctx.signIns.listOf(member.id)),
        "mails.json": json(
          security
            .mailsTo(member.email)
            .map((mail) => ({ subject: mail.subject, at: iso(mail.at) })),
        ),
        "passkeys.json": json(
          passkeys.ofIdentity(member.id).map((passkey) => ({
            name: passkey.name,
            credentialId: passkey.credentialId,
            publicKey: passkey.publicKey,
            createdAt: iso(passkey.createdAt),
            lastUsedAt: iso(passkey.lastUsedAt),
          })),
        ),
        "files.json": json({
          sharedWithYou: files.filesFor(member.id).map((file) => ({
            name: file.name,
            type: file.type,
            size: file.size,
            folder: file.folder,
            note: file.note,
            sharedAt: iso(file.sharedAt),
            expiresAt: iso(file.expiresAt),
            firstOpenedAt: iso(file.firstOpenedAt),
          })),
          sentByYou: files.uploadsOf(member.id).map((file) => ({
            name: file.name,
            type: file.type,
            size: file.size,
            sha256: file.sha256,
            sentAt: iso(file.createdAt),
          })),
        }),
        "bookings.json": json(bookings.bookingsOf(member)),
      });
    },

    /** Ends the member's sessions and removes every row about them. */
    erase(member: IdentityRow): void {
      ctx.sessions.endAllOf(member.id, "deleted");
      files.eraseUploadsOf(member.id);
      bookings.eraseBookingsOf(member);
      security.dropMemberData(
        member.id,
        member.email,
        memberLimitKeys(member),
        namesOf(member.profile),
      );
      ctx.store.remove(member.id);
    },
  };
}
