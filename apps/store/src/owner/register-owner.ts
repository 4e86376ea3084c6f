/**
 * @module Wires the owner editor into the store: resolves the owner session on every request
 * (so the data-items permission check can see it), applies the history retention, prints a
 * one-time setup link on listen while no password is set, and mounts `/admin`.
 */

import type { FastifyInstance } from "fastify";
import { memberBookingsPort } from "../bookings/index.ts";
import { createContactStore } from "../contact/index.ts";
import type { ItemsStore } from "../data/index.ts";
import { createItemHistory } from "../data/index.ts";
import { createFilesStore, memberFilesPort } from "../files/index.ts";
import type { IdentityContext } from "../identity/index.ts";
import {
  type AuditLog,
  createAuditLog,
  createMemberData,
  createOwnerSessions,
  type MemberData,
  resolveOwner,
} from "../identity/index.ts";
import { createAccessStore } from "../platform/db/access-store.ts";
import type { Db } from "../platform/db/sql-db.ts";
import { configuredOrigin } from "../platform/http/request-origin.ts";
import { passwordVerifications, type Semaphore } from "../platform/limits/semaphore.ts";
import { createOwnerCredentials } from "./credentials.ts";
import type { DraftsFeature } from "./drafts/drafts-feature.ts";
import { DEFAULT_OWNER_CONFIG, type OwnerConfig } from "./owner-config.ts";
import { type OwnerMedia, ownerRoutes } from "./owner-routes.ts";
import { createReview } from "./review/review-service.ts";
import { createReviewStore } from "./review/review-store.ts";
import { createSignInLimiter } from "./sign-in-limiter.ts";
import { createMailCheckStore } from "./storage/mail-check-store.ts";

export type RegisterOwnerOptions = {
  db: Db;
  store: ItemsStore;
  signingKey: Uint8Array;
  now: () => number;
  /** Members, for the editor's Members view. */
  identity: IdentityContext;
  siteDir?: string;
  /** Drafts, publishing and preview links. */
  drafts: DraftsFeature;
  config?: Partial<OwnerConfig>;
  /** Password verifications allowed at once; the process-wide semaphore by default. */
  verifications?: Semaphore;
  /** The pictures' files and the cap on processing them at once (uploads are off without). */
  media?: OwnerMedia;
  /** Where the setup link is printed; console.log by default. */
  announce?: (line: string) => void;
  /** The audit log; one of this database by default. */
  audit?: AuditLog;
  /** Erases a deleted member's rows; one of this database by default. */
  memberData?: MemberData;
};

function baseUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (typeof address !== "object" || address === null) return "http://localhost";
  const wildcard = address.address === "0.0.0.0" || address.address === "::";
  const host = wildcard
    ? "localhost"
    : address.family === "IPv6"
      ? `[${address.address}]`
      : address.address;
  return `http://${host}:${address.port}`;
}

export function registerOwner(app: FastifyInstance, options: RegisterOwnerOptions): void {
  const { db, store, now } = options;
  const config = { ...DEFAULT_OWNER_CONFIG, ...options.config };
  const credentials = createOwnerCredentials(db, now);
  const sessions = createOwnerSessions(db, {
    key: options.signingKey,
    now,
    idleMs: config.sessionIdleMs,
    maxAgeMs: config.sessionMaxAgeMs,
  });
  const history = createItemHistory(db);
  history.setKeep(config.historyKeep);
  const limiter = createSignInLimiter(db, {
    maxFailures: config.signInMaxFailures,
    windowMs: config.signInWindowMs,
    now,
  });

  app.decorateRequest("owner", null);
  app.addHook(
    "onRequest",
    resolveOwner(sessions, options.identity.store, (sid, identityId) =>
      options.identity.sessions.isLive(sid, identityId),
    ),
  );
  app.addHook("onListen", async () => {
    if (credentials.hasPassword()) return;
    // Other nodes sharing the database may have printed links of their own: theirs keep working.
    const token = credentials.createSetupToken(config.setupTokenTtlMs, {
      keepOthers: db.capabilities.sharedByNodes,
    });
    const minutes = Math.round(config.setupTokenTtlMs / 60_000);
    (options.announce ?? console.log)(
      `store: no owner password is set. Choose one at ${baseUrl(app)}/admin/setup?token=${token} ` +
        `(single use, valid ${minutes} minutes) or run: npm run store -- owner set-password`,
    );
  });
  const audit = options.audit ?? createAuditLog(db, now);
  const access = createAccessStore(db);
  const review = createReview({
    reviews: createReviewStore(db),
    drafts: options.drafts.drafts,
    store,
    access,
    now,
  });
  app.register(ownerRoutes, {
    access,
    review,
    prefix: "/admin",
    audit,
    memberData:
      options.memberData ??
      createMemberData(
        db,
        options.identity,
        memberFilesPort(createFilesStore(db), null),
        memberBookingsPort(db),
      ),
    mailChecks: createMailCheckStore(db),
    store,
    credentials,
    sessions,
    history,
    limiter,
    verifications: options.verifications ?? passwordVerifications,
    now,
    idleMs: config.sessionIdleMs,
    identity: options.identity,
    origin: () => configuredOrigin(options.identity) ?? baseUrl(app),
    siteDir: options.siteDir,
    drafts: options.drafts,
    media: options.media,
    messages: createContactStore(db),
  });
}
