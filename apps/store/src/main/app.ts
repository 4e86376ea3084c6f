/**
 * @module Builds the store's Fastify instance: protocol error handling, request ids, CORS, the
 * OAuth and data-items routes and, when a built site is given, the server-rendered page.
 * No listen and no globals; tests drive it with `app.inject()`.
 */
import type { RequestListener } from "node:http";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { type ContactConfig, DEFAULT_CONTACT_CONFIG } from "../contact/contact-config.ts";
import { contactRoutes } from "../contact/contact-routes.ts";
import { createContactService } from "../contact/contact-service.ts";
import { createContactStore } from "../contact/contact-store.ts";
import { contactWordsSource } from "../contact/contact-words.ts";
import { createAccessControl } from "../data/access/access-control.ts";
import { createApiKeys } from "../data/access/api-key.ts";
import {
  type CollectionsRouteDeps,
  registerCollectionRoutes,
} from "../data/collections/collection-routes.ts";
import { createCollectionWriter } from "../data/collections/collection-writer.ts";
import { graphqlRoutes } from "../data/graphql/graphql.ts";
import { createItemWriter } from "../data/items/item-writer.ts";
import type { ItemsRouteDeps } from "../data/items/items-deps.ts";
import { createQueryCall, type QueryCall } from "../data/items/query-call.ts";
import { createReferenceWriter } from "../data/items/reference-writer.ts";
import { registerBulkItemRoutes } from "../data/routes/items-bulk.ts";
import { QUERY_HEADERS, registerItemQueryRoutes } from "../data/routes/items-query.ts";
import { registerItemReadRoutes } from "../data/routes/items-read.ts";
import { registerReferenceRoutes } from "../data/routes/items-references.ts";
import { registerItemWriteRoutes } from "../data/routes/items-write.ts";
import {
  createVisitorQueryFastPath,
  replayedBody,
  type VisitorQueryFastPath,
} from "../data/routes/visitor-query-fast-path.ts";
import { createCollectionsStore } from "../data/storage/collections-store.ts";
import { createItemsStore } from "../data/storage/items-store.ts";
import { createReferencesStore } from "../data/storage/references-store.ts";
import { fileRoutes } from "../files/file-routes.ts";
import { DEFAULT_FILE_MAX_BYTES } from "../files/file-sharing.ts";
import { createFileStorage } from "../files/file-storage.ts";
import { createFilesStore } from "../files/files-store.ts";
import { registerAuditHook } from "../identity/audit/audit-hook.ts";
import { createAuditLog } from "../identity/audit/audit-log.ts";
import { createIdentityContext, type IdentityOptions } from "../identity/identity-service.ts";
import { createMemberData } from "../identity/member-data.ts";
import { memberPages } from "../identity/pages/index.ts";
import { accountSecurityRoutes } from "../identity/routes/account-security-routes.ts";
import { identityRoutes } from "../identity/routes/identity-routes.ts";
import { memberMeRoute } from "../identity/routes/member-me.ts";
import { oauthRoutes } from "../identity/routes/oauth.ts";
import { passkeyRoutes } from "../identity/routes/passkey-routes.ts";
import { redirectSessionRoutes } from "../identity/routes/redirect-session-routes.ts";
import { createTokenService, type TokenSubject } from "../identity/tokens.ts";
import { createMediaFiles } from "../media/media-files.ts";
import { mediaRoutes } from "../media/media-routes.ts";
import type { DraftScheduler } from "../owner/drafts/draft-scheduler.ts";
import { registerDrafts } from "../owner/drafts/drafts-feature.ts";
import { previewPagePlugin } from "../owner/drafts/preview-page.ts";
import type { OwnerConfig } from "../owner/owner-config.ts";
import { registerOwner } from "../owner/register-owner.ts";
import { clientPresence } from "../page/client-sign-in.ts";
import { createPageFastPath, type PageFastPath } from "../page/page-fast-path.ts";
import { registerPurgeWebhook } from "../page/purge-webhook.ts";
import { siteBrandSource } from "../page/site-brand.ts";
import { sitePlugin } from "../page/site-plugin.ts";
import type { TrustProxy } from "../platform/config.ts";
import { createAccessStore } from "../platform/db/access-store.ts";
import { createPurgeClaims } from "../platform/db/purge-claims.ts";
import type { Db } from "../platform/db/sql-db.ts";
import { type CallerDeps, requireCaller } from "../platform/http/caller.ts";
import { DEFAULT_CONNECTIONS_PER_CLIENT } from "../platform/http/connections-per-client.ts";
import { type CorsOrigins, createCorsPolicy, registerCors } from "../platform/http/cors.ts";
import {
  createFrameworkErrorHandler,
  registerErrorHandlers,
} from "../platform/http/error-handler.ts";
import { registerFormBodyParser } from "../platform/http/form-body.ts";
import { parseQueryString, rejectOversizedQuery } from "../platform/http/query-string.ts";
import { generateRequestId, registerRequestId } from "../platform/http/request-id.ts";
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

/** Request bodies above 1 MiB are refused with 413 (PAYLOAD_TOO_LARGE). */
export const BODY_LIMIT_BYTES = 1024 * 1024;
/** Data items v2 is served under its full path and the service-path alias (docs/protocol.md §2). */
const ITEMS_PREFIXES = ["/wix-data/v2", "/v2"];
const REQUEST_LOG_LEVELS = new Set(["info", "debug", "trace"]);

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
   * Private files: where their bytes live (`DATA_DIR/files`) and the largest upload
   * (FILES_MAX_BYTES, 50 MB by default); without it there are no `/files/v1` routes.
   */
  files?: { dir: string; maxBytes?: number };
  /** What CDNs may keep of the page and visitors' GET queries; off (`no-cache`) by default. */
  sharedCache?: SharedCache | null;
  /** CDN_PURGE_URL: told of every content change. */
  purgeUrl?: string | null;
  /** The contact form's limits and timings; defaults in contact/contact-config.ts. */
  contact?: Partial<ContactConfig>;
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
}: CreateAppOptions): FastifyInstance {
  // Built once the routes' dependencies exist; the server only needs it once requests arrive.
  let fastPath: VisitorQueryFastPath | undefined;
  // Answers nothing until the site plugin has loaded the page.
  const pageFastPath = createPageFastPath();
  const toFastify =
    (handler: RequestListener): RequestListener =>
    (request, response) =>
      pageFastPath.handle(request, response, handler);
  const cors = createCorsPolicy(corsOrigins);
  const app = Fastify({
    // A server with the store's timeouts, with the visitor and page fast paths in front.
    serverFactory: (handler) => {
      const next = toFastify(handler);
      const server = createTimedServer(
        { ...DEFAULT_SERVER_TIMEOUTS, ...timeouts },
        (request, response) =>
          fastPath ? fastPath.handle(request, response, next) : next(request, response),
      );
      capConnectionsPerClient(server, connectionsPerClient);
      return server;
    },
    logger,
    // Loading the server-rendered page and precompressing the built assets can outlast Fastify's
    // 10 s default on a busy or small machine; a slow start is better than no start.
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
  const store = createItemsStore(db);
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
    ...identityOptions,
    key: config.signingKey,
    now,
    log: app.log,
  });
  const caller = {
    tokens,
    apiKeys: createApiKeys(accessStore, now),
    isLiveMember: (member: TokenSubject) => identity.sessions.isLive(member.sid, member.id),
  };
  const references = createReferencesStore(db);
  const items = {
    store,
    writer: createItemWriter(store, now),
    references,
    referenceWriter: createReferenceWriter(store, references),
    access: createAccessControl(accessStore),
    cursorKey: config.signingKey,
  };

  const collectionsStore = createCollectionsStore(db);
  const collections = {
    collections: collectionsStore,
    writer: createCollectionWriter(collectionsStore, now),
  };

  const queries = createQueryCall(items);
  fastPath = createVisitorQueryFastPath({
    paths: ITEMS_PREFIXES.map((prefix) => `${prefix}/items/query`),
    caller,
    queries,
    headers: QUERY_HEADERS,
    cors,
  });
  // Fastify logs every request at `info` and below (LOG_LEVEL); the fast path would not.
  if (REQUEST_LOG_LEVELS.has(app.log.level)) {
    fastPath.disable();
    pageFastPath.disable();
  }
  app.decorate("visitorQueryFastPath", fastPath);
  app.decorate("pageFastPath", pageFastPath);
  app.addHook("preClose", (done) => {
    fastPath?.disable();
    pageFastPath.disable();
    done();
  });
  // A body the fast path read before passing the request on.
  app.addHook("preParsing", function replayBodyHook(request, _reply, payload, done) {
    done(null, replayedBody(request.raw) ?? payload);
  });

  app.decorateRequest("caller", null);
  registerRequestId(app);
  registerSecurityHeaders(app);
  registerCors(app, cors);
  registerErrorHandlers(app);
  registerFormBodyParser(app);
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
  const drafts = registerDrafts(app, db, { store, writer: items.writer, now }, purge);

  const media =
    mediaOptions === undefined
      ? undefined
      : {
          files: createMediaFiles(mediaOptions.dir),
          processing: mediaOptions.processing ?? createSemaphore(PICTURES_AT_ONCE),
        };
  if (media) app.register(mediaRoutes, { media: media.files });
  // Owner editor: resolves the owner session for every route, mounts /admin.
  const audit = createAuditLog(db, now);
  const memberData = createMemberData(db, identity, createFilesStore(db));
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
  app.register(memberPages, { identity, brand });
  app.register(memberMeRoute, { identity, caller });
  const contactService = createContactService({
    db,
    messages: createContactStore(db),
    items: store,
    identity,
    config: { ...DEFAULT_CONTACT_CONFIG, ...contact },
  });
  const words = contactWordsSource(store);
  app.register(async (scope) => contactRoutes(scope, { contact: contactService, words, brand }));
  app.register(accountSecurityRoutes, {
    prefix: "/_api/account/v1",
    identity,
    caller,
    audit,
    memberData,
  });
  for (const prefix of ITEMS_PREFIXES) {
    app.register(itemsRoutes, { prefix, items, caller, queries, collections, sharedCache });
  }
  app.register(graphqlRoutes, { ...items, caller });
  if (filesOptions !== undefined) {
    const files = {
      store: createFilesStore(db),
      storage: createFileStorage(filesOptions.dir),
      identity,
      maxBytes: filesOptions.maxBytes ?? DEFAULT_FILE_MAX_BYTES,
      now,
    };
    const uploads = createAttemptLimiter(db, {
      scope: "file-uploads",
      max: UPLOADS_PER_HOUR,
      windowMs: 60 * 60 * 1000,
      now,
    });
    app.register(fileRoutes, { prefix: "/files/v1", files, caller, uploads });
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

/**
 * Data items v2 (docs/protocol.md §2) and data collections v2, mounted under each prefix: every
 * request first resolves its caller (401 without valid credentials); each handler validates its
 * input, then asks the one permission check.
 */
async function itemsRoutes(
  app: FastifyInstance,
  options: {
    items: ItemsRouteDeps;
    caller: CallerDeps;
    queries: QueryCall;
    collections: CollectionsRouteDeps;
    sharedCache: SharedCache | null;
  },
): Promise<void> {
  app.addHook("onRequest", requireCaller(options.caller));
  registerItemQueryRoutes(app, options.queries, options.sharedCache);
  registerItemReadRoutes(app, options.items);
  registerItemWriteRoutes(app, options.items);
  registerBulkItemRoutes(app, options.items);
  registerReferenceRoutes(app, options.items);
  registerCollectionRoutes(app, options.collections);
}

declare module "fastify" {
  interface FastifyInstance {
    /** Counts what it answered before Fastify (tests read it). */
    visitorQueryFastPath: VisitorQueryFastPath;
    /** Counts the page views it answered before Fastify (tests read it). */
    pageFastPath: PageFastPath;
    /** Publishes the drafts whose time has come (its timer does; tests may call it). */
    draftScheduler: DraftScheduler;
  }
}
