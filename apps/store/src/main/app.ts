/**
 * @module Builds the store's Fastify instance: protocol error handling, request ids, CORS, the
 * OAuth and data-items routes and, when a built site is given, the server-rendered page.
 * No listen and no globals; tests drive it with `app.inject()`.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { type BeaconFastPath, createAnalyticsFeature } from "../analytics/index.ts";
import { type BookingsConfig, createBookingsFeature } from "../bookings/index.ts";
import { type ContactConfig, registerContact } from "../contact/index.ts";
import {
  createApiKeys,
  createDataFeature,
  registerDataRoutes,
  type VisitorQueryFastPath,
} from "../data/index.ts";
import {
  createFileStorage,
  createFilesStore,
  createUploadDigest,
  createUploadQuota,
  DEFAULT_FILE_MAX_BYTES,
  DEFAULT_FILE_QUOTA_BYTES,
  fileRoutes,
  UPLOAD_DIGEST_MS,
} from "../files/index.ts";
import {
  accountSecurityRoutes,
  createAuditLog,
  createIdentityContext,
  createTokenService,
  type IdentityOptions,
  identityRoutes,
  memberMeRoute,
  memberPages,
  oauthRoutes,
  passkeyRoutes,
  redirectSessionRoutes,
  registerAuditHook,
  type TokenSubject,
} from "../identity/index.ts";
import { registerInvites } from "../invites/index.ts";
import { createMediaFiles, mediaRoutes } from "../media/index.ts";
import type { DraftScheduler, OwnerConfig } from "../owner/index.ts";
import { previewPagePlugin, registerDrafts, registerOwner } from "../owner/index.ts";
import {
  clientAreaRoutes,
  clientPresence,
  createPageFastPath,
  type PageFastPath,
  registerPurgeWebhook,
  siteBrandSource,
  sitePlugin,
} from "../page/index.ts";
import type { TrustProxy } from "../platform/config.ts";
import { createAccessStore } from "../platform/db/access-store.ts";
import { createPurgeClaims } from "../platform/db/purge-claims.ts";
import type { Db } from "../platform/db/sql-db.ts";
import { DEFAULT_CONNECTIONS_PER_CLIENT } from "../platform/http/connections-per-client.ts";
import { type CorsOrigins, createCorsPolicy, registerCors } from "../platform/http/cors.ts";
import {
  createFrameworkErrorHandler,
  registerErrorHandlers,
} from "../platform/http/error-handler.ts";
import { registerFormBodyParser } from "../platform/http/form-body.ts";
import { registerJsonBodyParser } from "../platform/http/json-body.ts";
import { parseQueryString, rejectOversizedQuery } from "../platform/http/query-string.ts";
import { generateRequestId, registerRequestId } from "../platform/http/request-id.ts";
import { siteAddressOrigin } from "../platform/http/request-origin.ts";
import { registerSecurityHeaders } from "../platform/http/security-headers.ts";
import {
  createTimedServer,
  DEFAULT_SERVER_TIMEOUTS,
  type ServerTimeouts,
} from "../platform/http/server-timeouts.ts";
import type { SharedCache } from "../platform/http/shared-cache.ts";
import { createAttemptLimiter } from "../platform/limits/attempt-limiter.ts";
import { capConnectionsPerClient } from "../platform/limits/connection-cap.ts";
import { createSemaphore, type Semaphore } from "../platform/limits/semaphore.ts";
import { bookingPagePort } from "./booking-page-port.ts";
import { clientAreaFiles, registerClientAreaFiles } from "./client-area-files.ts";
import { createFrontPaths } from "./front-paths.ts";
import { inviteFilesPort } from "./invite-files-port.ts";
import { memberDataWithPorts } from "./member-data-ports.ts";

/** Request bodies above 1 MiB are refused with 413 (PAYLOAD_TOO_LARGE). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export type AppConfig = {
  /** The OAuth client id the token endpoint accepts. */
  clientId: string;
  /** 32-byte secret that signs tokens and cursors. */
  signingKey: Uint8Array;
};

export type CreateAppOptions = {
  db: Db;
  config: AppConfig;
  /** Clock in epoch ms; defaults to Date.now. */
  now?: () => number;
  /** Built site to serve on `/`; omitted in API-only tests. */
  site?: { dir: string };
  logger?: FastifyServerOptions["logger"];
  /** Owner editor settings; defaults in owner/owner-config.ts. */
  owner?: Partial<OwnerConfig>;
  /** The HTTP server's timeouts (http/server-timeouts.ts); each defaults separately. */
  timeouts?: Partial<ServerTimeouts>;
  /** Open connections per client address (CONNECTIONS_PER_CLIENT); 0 for no cap. */
  connectionsPerClient?: number;
  /** Browser origins allowed to call the API (CORS_ORIGINS); any (`*`) by default. */
  corsOrigins?: CorsOrigins;
  /** Password verifications allowed at once; the process-wide semaphore by default. */
  passwordVerifications?: Semaphore;
  /** Which proxies' X-Forwarded-For names the client (sign-in limits are per client address). */
  trustProxy?: TrustProxy;
  /** Members: settings, mailer and captcha verifier; defaults in identity/. */
  identity?: IdentityOptions;
  /**
   * Where the pictures' files live (`DATA_DIR/media`); without it the store takes no uploads
   * and serves no `/media/` files.
   */
  media?: { dir: string; processing?: Semaphore };
  /**
   * Private files: where their bytes live (`DATA_DIR/files`), the largest upload
   * (FILES_MAX_BYTES, 50 MB by default), what one client's uploads may hold together
   * (FILES_QUOTA_BYTES, 500 MB) and how often the owner hears of a client's uploads (one mail
   * per `digestMs`, 10 minutes); without it there are no `/files/v1` routes.
   */
  files?: { dir: string; maxBytes?: number; quotaBytes?: number; digestMs?: number };
  /** What CDNs may keep of the page and visitors' GET queries; off (`no-cache`) by default. */
  sharedCache?: SharedCache | null;
  /** CDN_PURGE_URL: told of every content change. */
  purgeUrl?: string | null;
  /** The contact form's limits and timings; defaults in contact/contact-config.ts. */
  contact?: Partial<ContactConfig>;
  /** Booking's limits; defaults in bookings/bookings-config.ts. */
  bookings?: Partial<BookingsConfig>;
  /** Analytics beacons per client address a minute (ANALYTICS_BEACONS_PER_MINUTE). */
  beacons?: { perMinute: number };
};

/** A member's uploads in an hour. */
export const UPLOADS_PER_HOUR = 60;

/** Pictures processed at once: each holds a libuv thread and up to 40 megapixels of memory. */
export const PICTURES_AT_ONCE = 2;

export function createApp({
  db,
  config,
  now = Date.now,
  site,
  logger = false,
  owner,
  trustProxy = false,
  passwordVerifications,
  corsOrigins = "*",
  timeouts,
  connectionsPerClient = DEFAULT_CONNECTIONS_PER_CLIENT,
  identity: identityOptions = {},
  media: mediaOptions,
  files: filesOptions,
  sharedCache = null,
  purgeUrl = null,
  contact,
  bookings,
  beacons,
}: CreateAppOptions): FastifyInstance {
  // Installed once the wings exist; the server only needs them once requests arrive.
  const frontPaths = createFrontPaths();
  // Answers nothing until the site plugin has loaded the page.
  const pageFastPath = createPageFastPath();
  const cors = createCorsPolicy(corsOrigins);
  const app = Fastify({
    // A server with the store's timeouts, with the fast paths in front (front-paths.ts).
    serverFactory: (handler) => {
      const server = createTimedServer(
        { ...DEFAULT_SERVER_TIMEOUTS, ...timeouts },
        frontPaths.listener(handler),
      );
      capConnectionsPerClient(server, connectionsPerClient);
      return server;
    },
    logger,
    // Rendering the page and precompressing assets can outlast Fastify's 10 s default: wait.
    pluginTimeout: 120_000,
    // Fastify takes a hop count too, but its types do not say so: the same rule as a function.
    trustProxy:
      typeof trustProxy === "number"
        ? (_address: string, hop: number) => hop < trustProxy
        : trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: generateRequestId,
    requestIdHeader: false,
    frameworkErrors: createFrameworkErrorHandler(cors),
    // Item ids may be 128 characters, and more once percent-encoded.
    routerOptions: { querystringParser: parseQueryString, maxParamLength: 1024 },
  });
  const tokens = createTokenService({
    key: config.signingKey,
    clientId: config.clientId,
    now,
    onUnexpectedError: (error) =>
      app.log.error({ err: error }, "token verification failed unexpectedly"),
  });
  const accessStore = createAccessStore(db);
  const identity = createIdentityContext(db, {
    ...(passwordVerifications === undefined ? {} : { passwordChecks: passwordVerifications }),
    onSignUp: (request) => analytics.conversion(request, "clientSignUp"),
    ...identityOptions,
    key: config.signingKey,
    now,
    log: app.log,
    // The owner's address in Site settings; read when a mail is written (the store comes next).
    siteAddress: () => siteAddressOrigin(store.getItem("SiteSettings", "site")?.data.siteUrl),
  });
  const caller = {
    tokens,
    apiKeys: createApiKeys(accessStore, now),
    isLiveMember: (member: TokenSubject) => identity.sessions.isLive(member.sid, member.id),
  };
  const data = createDataFeature(db, {
    signingKey: config.signingKey,
    now,
    caller,
    cors,
    access: accessStore,
  });
  const { store } = data.items;
  const ownerZone = () => bookingsFeature.catalog.schedule()?.timeZone;
  const analytics = createAnalyticsFeature({ db, now, items: store, ownerZone, limits: beacons });
  frontPaths.install(app, [data.fastPath, analytics.fastPath, pageFastPath]);
  app.decorate("visitorQueryFastPath", data.fastPath);
  app.decorate("beaconFastPath", analytics.fastPath);
  app.decorate("pageFastPath", pageFastPath);

  app.decorateRequest("caller", null);
  registerRequestId(app);
  registerSecurityHeaders(app);
  registerCors(app, cors);
  registerErrorHandlers(app);
  registerFormBodyParser(app);
  registerJsonBodyParser(app);
  app.addHook("onRequest", rejectOversizedQuery);
  const purge =
    purgeUrl === null
      ? null
      : registerPurgeWebhook(app, {
          url: purgeUrl,
          contentVersion: () => store.contentVersion(),
          claim: createPurgeClaims(db),
        });
  // Drafts and publishing: the node that publishes a scheduled change purges at once.
  const audit = createAuditLog(db, now);
  const drafts = registerDrafts(app, db, { store, writer: data.items.writer, now }, purge, audit);

  const media =
    mediaOptions === undefined
      ? undefined
      : {
          files: createMediaFiles(mediaOptions.dir),
          processing: mediaOptions.processing ?? createSemaphore(PICTURES_AT_ONCE),
        };
  if (media) app.register(mediaRoutes, { media: media.files });
  // Owner editor: resolves the owner session for every route, mounts /admin.
  const fileStorage = filesOptions === undefined ? null : createFileStorage(filesOptions.dir);
  const memberData = memberDataWithPorts(db, identity, fileStorage);
  registerAuditHook(app, audit);
  registerOwner(app, {
    audit,
    memberData,
    media,
    db,
    store,
    signingKey: config.signingKey,
    now,
    identity,
    siteDir: site?.dir,
    drafts,
    config: owner,
    verifications: passwordVerifications,
  });
  app.register(oauthRoutes, { tokens, clientId: config.clientId, identity, caller });
  // Members: identity calls, redirect sessions, the sign-in pages.
  app.register(identityRoutes, { identity, caller, clientId: config.clientId });
  app.register(passkeyRoutes, { identity, caller });
  app.register(redirectSessionRoutes, { identity, caller, clientId: config.clientId });
  const brand = siteBrandSource(store);
  app.register(memberPages, { identity, brand, memberData, audit });
  app.register(memberMeRoute, { identity, caller });
  const guard = registerContact(app, {
    db,
    identity,
    items: store,
    brand,
    ...(contact === undefined ? {} : { config: contact }),
    onAccepted: analytics.countsAs("contactMessage"),
  });
  const bookingsFeature = createBookingsFeature({
    db,
    caller,
    signingKey: config.signingKey,
    now,
    identity,
    siteSettings: () => store.getItem("SiteSettings", "site")?.data ?? {},
    ...(bookings === undefined ? {} : { config: bookings }),
    onConversion: analytics.conversion,
  });
  bookingsFeature.register(app, bookingPagePort({ store, brand, guard, identity, site, app }));
  analytics.register(app);
  app.register(accountSecurityRoutes, {
    prefix: "/_api/account/v1",
    identity,
    caller,
    audit,
    memberData,
  });
  registerDataRoutes(app, data, { caller, sharedCache });
  const filesStore = createFilesStore(db);
  const files =
    filesOptions !== undefined && fileStorage !== null
      ? {
          store: filesStore,
          storage: fileStorage,
          identity,
          maxBytes: filesOptions.maxBytes ?? DEFAULT_FILE_MAX_BYTES,
          quota: createUploadQuota(filesStore, filesOptions.quotaBytes ?? DEFAULT_FILE_QUOTA_BYTES),
          digest: createUploadDigest({
            store: filesStore,
            identity,
            intervalMs: filesOptions.digestMs ?? UPLOAD_DIGEST_MS,
          }),
          now,
        }
      : null;
  const uploads =
    files === null
      ? null
      : createAttemptLimiter(db, {
          scope: "file-uploads",
          max: UPLOADS_PER_HOUR,
          windowMs: 60 * 60 * 1000,
          now,
        });
  app.register(clientAreaRoutes, {
    identity,
    items: store,
    brand,
    files:
      files === null || uploads === null ? null : clientAreaFiles({ identity, files, uploads }),
    bookings: bookingsFeature.memberBookings,
  });
  registerInvites(app, {
    db,
    identity,
    items: store,
    files: files === null ? null : inviteFilesPort(files),
    audit,
    brand,
  });
  if (files !== null && uploads !== null) {
    app.register(fileRoutes, { prefix: "/files/v1", files, caller, uploads, audit });
    app.register(async (scope) => registerClientAreaFiles(scope, { identity, files, uploads }));
  }
  if (site) {
    const hasClients = clientPresence(
      () => identity.store.list().some((member) => member.status === "ACTIVE"),
      Date.now,
    );
    app.register(previewPagePlugin, { dir: site.dir, store, drafts, hasClients });
    app.register(sitePlugin, {
      dir: site.dir,
      store,
      fastPath: pageFastPath,
      sharedCache,
      hasClients,
    });
  }
  return app;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Counts what it answered before Fastify (tests read it). */
    visitorQueryFastPath: VisitorQueryFastPath;
    /** Counts the beacons it answered before Fastify (tests read it). */
    beaconFastPath: BeaconFastPath;
    /** Counts the page views it answered before Fastify (tests read it). */
    pageFastPath: PageFastPath;
    /** Publishes the drafts whose time has come (its timer does; tests may call it). */
    draftScheduler: DraftScheduler;
  }
}
