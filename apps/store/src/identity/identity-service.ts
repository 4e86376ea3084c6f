/**
 * @module Builds the identity context once per app: its store, limits, mailer and captcha
 * verifier, from the app's options (tests inject a mailer, a verifier and settings).
 */
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import type { Db } from "../platform/db/sql-db.ts";
import { createPasswordCheckGate } from "../platform/limits/password-check-gate.ts";
import { passwordVerifications, type Semaphore } from "../platform/limits/semaphore.ts";
import { createOutboxMailer, type Mailer } from "../platform/mail/mailer.ts";
import { createOutboxStore } from "../platform/mail/outbox-store.ts";
import { createPasswordScreen } from "./breached-passwords.ts";
import type { CaptchaVerifier } from "./captcha.ts";
import { DEFAULT_IDENTITY_CONFIG, type IdentityConfig } from "./identity-config.ts";
import { createLimits, type IdentityContext } from "./identity-context.ts";
import { createSessions } from "./sessions.ts";
import { createSignInHistory } from "./sign-in-history.ts";
import { createIdentityStore } from "./storage/identity-store.ts";
import { createMemberSettingsStore } from "./storage/member-settings-store.ts";
import { createPasskeysStore } from "./storage/passkeys-store.ts";
import { createSecurityStore } from "./storage/security-store.ts";

export type IdentityOptions = {
  config?: Partial<IdentityConfig>;
  /** Default: the development outbox in the database. */
  mailer?: Mailer;
  /** Default: captcha tokens accepted and ignored. */
  captcha?: CaptchaVerifier;
  /** Password verifications at once; the process-wide semaphore by default. */
  passwordChecks?: Semaphore;
  /** Told of each member who signed up (the analytics' conversion port). */
  onSignUp?: (request: FastifyRequest) => void;
};

export function createIdentityContext(
  db: Db,
  options: IdentityOptions & {
    key: Uint8Array;
    now: () => number;
    log: FastifyBaseLogger;
    /** The site's address from Site settings (a port: identity/ does not read content). */
    siteAddress?: () => string | null;
  },
): IdentityContext {
  const config = { ...DEFAULT_IDENTITY_CONFIG, ...options.config };
  const settings = createMemberSettingsStore(db);
  // MEMBER_APPROVAL is the default of the first start; then the owner's choice in /admin holds.
  settings.initialise({ requireApproval: config.requireApproval });
  const passwordChecks = options.passwordChecks ?? passwordVerifications;
  return {
    store: createIdentityStore(db),
    passkeys: createPasskeysStore(db),
    sessions: createSessions(db, options.now),
    signIns: createSignInHistory(createSecurityStore(db), options.now),
    passwordScreen: createPasswordScreen({
      rangeUrl: config.breachedPasswordsUrl,
      log: options.log,
    }),
    settings,
    config,
    now: options.now,
    key: options.key,
    mailer: options.mailer ?? createOutboxMailer(createOutboxStore(db), options.now),
    mailDelivers: options.mailer !== undefined,
    siteAddress: options.siteAddress ?? (() => null),
    captcha: options.captcha,
    limits: createLimits(db, config, options.now),
    passwordChecks,
    passwordGate: createPasswordCheckGate(passwordChecks, {
      now: options.now,
      windowMs: config.limitWindowMs,
    }),
    logError: (error, message) => options.log.error({ err: error }, message),
    signedUp: options.onSignUp ?? (() => {}),
  };
}
