/**
 * @module What every identity flow shares: the store, the clock, the mailer, the captcha
 * verifier, the limits, and the one-time token helpers (random, hashed at rest, single use).
 */
import { randomInt } from "node:crypto";
import type { FastifyRequest } from "fastify";
import type { Db } from "../platform/db/sql-db.ts";
import { ApiError } from "../platform/errors.ts";
import { type AttemptLimiter, createAttemptLimiter } from "../platform/limits/attempt-limiter.ts";
import type { PasswordCheckGate } from "../platform/limits/password-check-gate.ts";
import type { Semaphore } from "../platform/limits/semaphore.ts";
import type { Mailer, MailMessage } from "../platform/mail/mailer.ts";
import { hashToken, keyedDigest, randomToken } from "../platform/secrets/secrets.ts";
import type { PasswordScreen } from "./breached-passwords.ts";
import type { CaptchaVerifier } from "./captcha.ts";
import type { IdentityConfig } from "./identity-config.ts";
import type { Sessions } from "./sessions.ts";
import type { SignInHistory } from "./sign-in-history.ts";
import type { IdentityRow, IdentityStore, TokenKind, TokenRow } from "./storage/identity-store.ts";
import type { MemberSettingsStore } from "./storage/member-settings-store.ts";
import type { PasskeysStore } from "./storage/passkeys-store.ts";

export type IdentityLimits = {
  loginPerEmail: AttemptLimiter;
  loginPerAddress: AttemptLimiter;
  /** Password guesses through one device cookie (identity/device-trust.ts). */
  loginPerDevice: AttemptLimiter;
  register: AttemptLimiter;
  recoveryPerEmail: AttemptLimiter;
  recoveryPerAddress: AttemptLimiter;
  verify: AttemptLimiter;
  redirect: AttemptLimiter;
  mailPerRecipient: AttemptLimiter;
  mailPerAddress: AttemptLimiter;
  mailCooldown: AttemptLimiter;
  factorPerAccount: AttemptLimiter;
};

export type IdentityContext = {
  store: IdentityStore;
  /** WebAuthn credentials of identities. */
  passkeys: PasskeysStore;
  /** Sign-ins as records: started, checked per request, ended. */
  sessions: Sessions;
  /** Each identity's recent sign-ins and failed attempts. */
  signIns: SignInHistory;
  /** Refuses breached and common passwords at sign-up, change and reset. */
  passwordScreen: PasswordScreen;
  /** The owner's settings (approval); `config.requireApproval` only seeds them on first start. */
  settings: MemberSettingsStore;
  config: IdentityConfig;
  now: () => number;
  key: Uint8Array;
  mailer: Mailer;
  /** False while mail only goes to the development outbox (no SMTP server configured). */
  mailDelivers: boolean;
  /** The site's address the owner gave in Site settings: mailed links use it without PUBLIC_URL. */
  siteAddress: () => string | null;
  captcha: CaptchaVerifier | undefined;
  limits: IdentityLimits;
  /** Password verifications at once in this process, the owner's and members' together. */
  passwordChecks: Semaphore;
  /** Who gets those verifications during a flood: shares, ranks and a short wait. */
  passwordGate: PasswordCheckGate;
  /** Logs a failure that must not fail the request (mail delivery). */
  logError: (error: unknown, message: string) => void;
  /** Told of each member who signed up, with their request (a port: the analytics counts it). */
  signedUp: (request: FastifyRequest) => void;
};

/** The members' limits, counted in `db` so every process on it shares them. */
export function createLimits(db: Db, config: IdentityConfig, now: () => number): IdentityLimits {
  const limiter = (scope: string, max: number, windowMs = config.limitWindowMs) =>
    createAttemptLimiter(db, { scope: `member-${scope}`, max, windowMs, now });
  return {
    loginPerEmail: limiter("login-email", config.loginMaxPerEmail),
    loginPerAddress: limiter("login-address", config.loginMaxPerAddress),
    loginPerDevice: limiter("login-device", config.loginMaxPerEmail),
    register: limiter("register", config.registerMaxPerAddress),
    recoveryPerEmail: limiter("recovery-email", config.recoveryMaxPerEmail),
    recoveryPerAddress: limiter("recovery-address", config.recoveryMaxPerAddress),
    verify: limiter("verify", config.verifyMaxPerAddress),
    redirect: limiter("redirect", config.redirectMaxPerAddress),
    mailPerRecipient: limiter("mail-recipient", config.mailMaxPerRecipient),
    mailPerAddress: limiter("mail-address", config.mailMaxPerAddress),
    mailCooldown: limiter("mail-cooldown", 1, config.mailCooldownMs),
    factorPerAccount: limiter("factor-account", config.factorMaxPerAccount),
  };
}

/**
 * Answers 429 when the limiter refuses.
 * @throws ApiError IDENTITY_THROTTLED with the seconds to wait in `data.retryAfterSeconds`.
 */
export function throttle(limiter: AttemptLimiter, ...keys: string[]): void {
  const wait = limiter.take(...keys);
  if (wait > 0) {
    throw new ApiError("IDENTITY_THROTTLED", [wait], { data: { retryAfterSeconds: wait } });
  }
}

/** A new random token of `kind`, stored as its hash; returns the token itself. */
export function issueToken(
  ctx: IdentityContext,
  kind: TokenKind,
  identityId: string | null,
  ttlMs: number,
  payload: Record<string, unknown> = {},
): string {
  const token = randomToken();
  ctx.store.putToken(hashToken(token), kind, identityId, payload, ctx.now() + ttlMs);
  return token;
}

/** Uses up a live token of `kind`; null when unknown, expired, used or not a string. */
export function takeToken(ctx: IdentityContext, kind: TokenKind, token: unknown): TokenRow | null {
  if (typeof token !== "string" || token === "" || token.length > 512) return null;
  return ctx.store.takeToken(hashToken(token), kind, ctx.now());
}

/**
 * Uses up a live token of `kind` only when `accepts` its row: a token meant for another flow
 * (a staff invitation at the members' recovery, a member's link at the editor's reset) is
 * refused there and keeps working where it belongs.
 */
export function takeTokenIf(
  ctx: IdentityContext,
  kind: TokenKind,
  token: unknown,
  accepts: (row: TokenRow) => boolean,
): TokenRow | null {
  const row = peekToken(ctx, kind, token);
  if (row === null || !accepts(row)) return null;
  return takeToken(ctx, kind, token);
}

/** A live token of `kind` without using it up. */
export function peekToken(ctx: IdentityContext, kind: TokenKind, token: unknown): TokenRow | null {
  if (typeof token !== "string" || token === "" || token.length > 512) return null;
  return ctx.store.peekToken(hashToken(token), kind, ctx.now());
}

/** A six-digit code for e-mail. */
export function newNumericCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

/** What is stored for a short code: keyed, so a copied database does not reveal it cheaply. */
export function codeDigest(ctx: IdentityContext, label: string, code: string): string {
  return keyedDigest(ctx.key, label, code);
}

/**
 * A plain address, the one rule for every e-mail the store accepts: a dot-atom local part
 * without the characters a `mailto:` link or a mail header reads as syntax (`?`, `&`, `#`, `%`,
 * `/`, `,`, `;`, quotes, brackets, spaces, controls), `@`, and a domain of letter, digit and
 * hyphen labels. Letters may be any script's (internationalised addresses).
 */
const LOCAL_ATOM = "[\\p{L}\\p{N}!$'*+=^_`{|}~-]+";
const DOMAIN_LABEL = "[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]{0,61}[\\p{L}\\p{N}])?";
const PLAIN_ADDRESS = new RegExp(
  `^${LOCAL_ATOM}(?:\\.${LOCAL_ATOM})*@(?:${DOMAIN_LABEL}\\.)+${DOMAIN_LABEL}$`,
  "u",
);

/** Normalises an e-mail for lookups; null when it is not a plain address (PLAIN_ADDRESS). */
export function normaliseEmail(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const email = value.trim().toLowerCase();
  if (email.length > 254 || !PLAIN_ADDRESS.test(email)) return null;
  return email;
}

/** Sends without failing the caller: a delivery problem is logged, the flow goes on. */
export async function deliver(ctx: IdentityContext, message: MailMessage): Promise<void> {
  try {
    await ctx.mailer.send(message);
  } catch (error) {
    ctx.logError(error, "mail delivery failed");
  }
}

/** The identity, or null when it no longer exists or is blocked. */
/** Whether new members wait for the owner's approval: the owner's setting. */
export function requiresApproval(ctx: IdentityContext): boolean {
  return ctx.settings.read({ requireApproval: ctx.config.requireApproval }).requireApproval;
}

export function liveIdentity(ctx: IdentityContext, id: string | null): IdentityRow | null {
  if (id === null) return null;
  const identity = ctx.store.byId(id);
  return identity === null || identity.status === "BLOCKED" ? null : identity;
}
