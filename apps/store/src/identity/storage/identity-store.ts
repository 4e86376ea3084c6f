/**
 * @module All SQL for members: identities, their one-time tokens (stored as hashes,
 * taken atomically so each is used once), TOTP recovery codes.
 */
import type { MemberStatus, PendingReason } from "@consultant/site-content/wire";
import type { Db } from "../../platform/db/sql-db.ts";

/** A member's status is the one the owner's Members view shows. */
export type IdentityStatus = MemberStatus;
export type { PendingReason };
/** Who the identity is: a member of the site, its owner, or a collaborator editing content. */
export type IdentityRole = "member" | "owner" | "editor";

export type IdentityRow = {
  id: string;
  email: string;
  emailVerified: boolean;
  passwordHash: string | null;
  status: IdentityStatus;
  reasons: PendingReason[];
  profile: Record<string, unknown>;
  revision: number;
  totpSecret: string | null;
  totpLastStep: number;
  createdAt: number;
  updatedAt: number;
  /** When member tokens were last issued to them; null before the first sign-in. */
  lastSignInAt: number | null;
  role: IdentityRole;
};

type RawIdentity = {
  id: string;
  email: string;
  email_verified: number;
  password_hash: string | null;
  status: IdentityStatus;
  reasons: string;
  profile: string;
  revision: number;
  totp_secret: string | null;
  totp_last_step: number;
  created_at: number;
  updated_at: number;
  last_sign_in_at: number | null;
  role: IdentityRole;
};

/** What each kind of one-time token is for. */
export type TokenKind =
  | "state"
  | "session"
  | "auth_code"
  | "recovery"
  | "redirect"
  | "browser"
  | "device"
  | "totp_enrolment"
  | "webauthn";

export type TokenRow = {
  kind: TokenKind;
  identityId: string | null;
  payload: Record<string, unknown>;
  attempts: number;
  expiresAt: number;
};

type RawToken = {
  kind: TokenKind;
  identity_id: string | null;
  payload: string;
  attempts: number;
  expires_at: number;
};

function toIdentity(row: RawIdentity | undefined): IdentityRow | null {
  if (row === undefined) return null;
  return {
    id: row.id,
    email: row.email,
    emailVerified: row.email_verified === 1,
    passwordHash: row.password_hash,
    status: row.status,
    reasons: JSON.parse(row.reasons) as PendingReason[],
    profile: JSON.parse(row.profile) as Record<string, unknown>,
    revision: row.revision,
    totpSecret: row.totp_secret,
    totpLastStep: row.totp_last_step,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    lastSignInAt: row.last_sign_in_at,
    role: row.role,
  };
}

function toToken(row: RawToken | undefined): TokenRow | null {
  if (row === undefined) return null;
  return {
    kind: row.kind,
    identityId: row.identity_id,
    payload: JSON.parse(row.payload) as Record<string, unknown>,
    attempts: row.attempts,
    expiresAt: row.expires_at,
  };
}

export type NewIdentity = {
  id: string;
  email: string;
  emailVerified: boolean;
  passwordHash: string | null;
  status: IdentityStatus;
  reasons: PendingReason[];
  profile: Record<string, unknown>;
  now: number;
  /** Default: member. */
  role?: IdentityRole;
};

export type IdentityStore = ReturnType<typeof createIdentityStore>;

export function createIdentityStore(db: Db) {
  const s = {
    byId: db.prepare<[string], RawIdentity>("SELECT * FROM identities WHERE id = ?"),
    byEmail: db.prepare<[string], RawIdentity>("SELECT * FROM identities WHERE email = ?"),
    list: db.prepare<[], RawIdentity>(
      "SELECT * FROM identities WHERE role = 'member' ORDER BY created_at, email",
    ),
    byRole: db.prepare<[string], RawIdentity>(
      "SELECT * FROM identities WHERE role = ? ORDER BY created_at, email",
    ),
    search: db.prepare<[string], RawIdentity>(
      `SELECT * FROM identities WHERE role = 'member'
         AND ${db.dialect === "sqlite" ? "instr(email, ?)" : "strpos(email, ?)"} > 0
       ORDER BY created_at, email`,
    ),
    recordSignIn: db.prepare("UPDATE identities SET last_sign_in_at = ? WHERE id = ?"),
    insert: db.prepare(
      `INSERT INTO identities (id, email, email_verified, password_hash, status, reasons, profile,
         role, created_at, updated_at)
       VALUES (@id, @email, @emailVerified, @passwordHash, @status, @reasons, @profile, @role,
         @now, @now)
       ON CONFLICT DO NOTHING`,
    ),
    setPassword: db.prepare(
      `UPDATE identities SET password_hash = ?, revision = revision + 1, updated_at = ?
       WHERE id = ?`,
    ),
    setStatus: db.prepare(
      `UPDATE identities SET status = ?, reasons = ?, revision = revision + 1, updated_at = ?
       WHERE id = ?`,
    ),
    verifyEmail: db.prepare(
      `UPDATE identities SET email_verified = 1, revision = revision + 1, updated_at = ?
       WHERE id = ?`,
    ),
    setEmail: db.prepare(
      `UPDATE identities SET email = ?, email_verified = 1, revision = revision + 1, updated_at = ?
       WHERE id = ? AND NOT EXISTS (SELECT 1 FROM identities WHERE email = ?)`,
    ),
    setProfile: db.prepare(
      "UPDATE identities SET profile = ?, revision = revision + 1, updated_at = ? WHERE id = ?",
    ),
    setTotp: db.prepare(
      `UPDATE identities SET totp_secret = ?, totp_last_step = 0, revision = revision + 1,
         updated_at = ? WHERE id = ?`,
    ),
    useTotpStep: db.prepare(
      "UPDATE identities SET totp_last_step = ? WHERE id = ? AND totp_last_step < ?",
    ),
    remove: db.prepare("DELETE FROM identities WHERE id = ?"),
    // A deleted member's files: their uploads' rows (member-data.ts removes them and their
    // bytes first, through the files wing), their places in shares and their receipts.
    dropFileUploads: db.prepare("DELETE FROM files WHERE uploaded_by = ?"),
    dropFileShareMember: db.prepare("DELETE FROM file_share_members WHERE member_id = ?"),
    dropFileReceipts: db.prepare("DELETE FROM file_receipts WHERE member_id = ?"),
    putToken: db.prepare(
      `INSERT INTO identity_tokens (token_hash, kind, identity_id, payload, expires_at)
       VALUES (@hash, @kind, @identityId, @payload, @expiresAt)`,
    ),
    peekToken: db.prepare<[string, TokenKind, number], RawToken>(
      "SELECT * FROM identity_tokens WHERE token_hash = ? AND kind = ? AND expires_at > ?",
    ),
    takeToken: db.prepare<[string, TokenKind, number], RawToken>(
      `DELETE FROM identity_tokens WHERE token_hash = ? AND kind = ? AND expires_at > ?
       RETURNING *`,
    ),
    countAttempt: db.prepare<[string, TokenKind], { attempts: number }>(
      `UPDATE identity_tokens SET attempts = attempts + 1 WHERE token_hash = ? AND kind = ?
       RETURNING attempts`,
    ),
    setPayload: db.prepare("UPDATE identity_tokens SET payload = ? WHERE token_hash = ?"),
    dropToken: db.prepare("DELETE FROM identity_tokens WHERE token_hash = ?"),
    dropTokensOf: db.prepare("DELETE FROM identity_tokens WHERE identity_id = ? AND kind = ?"),
    dropAllTokensOf: db.prepare("DELETE FROM identity_tokens WHERE identity_id = ?"),
    dropSessions: db.prepare("DELETE FROM sessions WHERE identity_id = ?"),
    dropExpired: db.prepare("DELETE FROM identity_tokens WHERE expires_at <= ?"),
    dropCodes: db.prepare("DELETE FROM identity_recovery_codes WHERE identity_id = ?"),
    dropPasskeys: db.prepare("DELETE FROM passkeys WHERE identity_id = ?"),
    putCode: db.prepare(
      "INSERT INTO identity_recovery_codes (identity_id, code_hash) VALUES (?, ?) ON CONFLICT DO NOTHING",
    ),
    takeCode: db.prepare(
      "DELETE FROM identity_recovery_codes WHERE identity_id = ? AND code_hash = ?",
    ),
    countCodes: db.prepare<[string], { n: number }>(
      "SELECT count(*) AS n FROM identity_recovery_codes WHERE identity_id = ?",
    ),
  };

  return {
    byId(id: string): IdentityRow | null {
      return toIdentity(s.byId.get(id));
    },

    /** `email` must already be normalised (trimmed, lower case). */
    byEmail(email: string): IdentityRow | null {
      return toIdentity(s.byEmail.get(email));
    },

    list(): IdentityRow[] {
      return s.list.all().map((row) => toIdentity(row) as IdentityRow);
    },

    /** The members whose (normalised) e-mail contains `text`, lower case. */
    search(text: string): IdentityRow[] {
      return s.search.all(text).map((row) => toIdentity(row) as IdentityRow);
    },

    /** The identities with `role` (owner, editor), oldest first. */
    withRole(role: IdentityRole): IdentityRow[] {
      return s.byRole.all(role).map((row) => toIdentity(row) as IdentityRow);
    },

    /** Sets a (normalised, confirmed) e-mail; false when another identity has it. */
    setEmail(id: string, email: string, now: number): boolean {
      return s.setEmail.run(email, now, id, email).changes > 0;
    },

    recordSignIn(id: string, now: number): void {
      s.recordSignIn.run(now, id);
    },

    /** Inserts the identity; false when the e-mail is taken (nothing written). */
    insert(identity: NewIdentity): boolean {
      return (
        s.insert.run({
          ...identity,
          emailVerified: identity.emailVerified ? 1 : 0,
          reasons: JSON.stringify(identity.reasons),
          profile: JSON.stringify(identity.profile),
          role: identity.role ?? "member",
        }).changes > 0
      );
    },

    setPassword(id: string, passwordHash: string, now: number): void {
      s.setPassword.run(passwordHash, now, id);
    },

    setStatus(id: string, status: IdentityStatus, reasons: PendingReason[], now: number): void {
      s.setStatus.run(status, JSON.stringify(reasons), now, id);
    },

    markEmailVerified(id: string, now: number): void {
      s.verifyEmail.run(now, id);
    },

    setProfile(id: string, profile: Record<string, unknown>, now: number): void {
      s.setProfile.run(JSON.stringify(profile), now, id);
    },

    /** Sets (or clears, with null) the TOTP secret; clears the recovery codes when clearing. */
    setTotp(id: string, secret: string | null, now: number): void {
      s.setTotp.run(secret, now, id);
      if (secret === null) s.dropCodes.run(id);
    },

    /** Records a used TOTP time step; false when that step or a later one was already used. */
    useTotpStep(id: string, step: number): boolean {
      return s.useTotpStep.run(step, id, step).changes > 0;
    },

    /** Deletes the identity with its tokens, codes, session records and files' rows. */
    remove(id: string): boolean {
      return db.transaction(() => {
        s.dropAllTokensOf.run(id);
        s.dropSessions.run(id);
        s.dropCodes.run(id);
        s.dropFileUploads.run(id);
        s.dropFileShareMember.run(id);
        s.dropFileReceipts.run(id);
        s.dropPasskeys.run(id);
        return s.remove.run(id).changes > 0;
      })();
    },

    putToken(
      hash: string,
      kind: TokenKind,
      identityId: string | null,
      payload: Record<string, unknown>,
      expiresAt: number,
    ): void {
      s.putToken.run({ hash, kind, identityId, payload: JSON.stringify(payload), expiresAt });
    },

    /** A live token without using it up. */
    peekToken(hash: string, kind: TokenKind, now: number): TokenRow | null {
      return toToken(s.peekToken.get(hash, kind, now));
    },

    /** Uses a live token up: of parallel callers exactly one gets it. */
    takeToken(hash: string, kind: TokenKind, now: number): TokenRow | null {
      return toToken(s.takeToken.get(hash, kind, now));
    },

    /** Counts one attempt against a token; the new count (0 when the token is gone). */
    countAttempt(hash: string, kind: TokenKind): number {
      return s.countAttempt.get(hash, kind)?.attempts ?? 0;
    },

    setPayload(hash: string, payload: Record<string, unknown>): void {
      s.setPayload.run(JSON.stringify(payload), hash);
    },

    dropToken(hash: string): void {
      s.dropToken.run(hash);
    },

    dropTokensOf(identityId: string, kind: TokenKind): void {
      s.dropTokensOf.run(identityId, kind);
    },

    dropExpired(now: number): void {
      s.dropExpired.run(now);
    },

    replaceRecoveryCodes(identityId: string, hashes: readonly string[]): void {
      db.transaction(() => {
        s.dropCodes.run(identityId);
        for (const hash of hashes) s.putCode.run(identityId, hash);
      })();
    },

    /** Uses a recovery code up; false when it is not (or no longer) one of the identity's. */
    takeRecoveryCode(identityId: string, hash: string): boolean {
      return s.takeCode.run(identityId, hash).changes > 0;
    },

    recoveryCodesLeft(identityId: string): number {
      return s.countCodes.get(identityId)?.n ?? 0;
    },
  };
}
