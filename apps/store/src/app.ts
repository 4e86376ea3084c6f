/**
 * @module Builds the store's Fastify instance: protocol error handling, request ids, CORS, the
 * OAuth and data-items routes and, when a built site is given, the server-rendered page.
 * No listen and no globals; tests drive it with `app.inject()`.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { createAccessControl } from "./auth/access-control.ts";
import { createApiKeys } from "./auth/api-key.ts";
import { createTokenService } from "./auth/tokens.ts";
import { createAccessStore } from "./db/access-store.ts";
import { createItemsStore } from "./db/items-store.ts";
import type { Db } from "./db/open.ts";
import { createReferencesStore } from "./db/references-store.ts";
import { registerCors } from "./http/cors.ts";
import { handleFrameworkError, registerErrorHandlers } from "./http/error-handler.ts";
import { registerFormBodyParser } from "./http/form-body.ts";
import { parseQueryString, rejectOversizedQuery } from "./http/query-string.ts";
import { generateRequestId, registerRequestId } from "./http/request-id.ts";
import { createItemWriter } from "./items/item-writer.ts";
import type { OwnerConfig } from "./owner/owner-config.ts";
import { registerOwner } from "./owner/register-owner.ts";
import { graphqlRoutes } from "./routes/graphql.ts";
import { itemsRoutes } from "./routes/items.ts";
import { oauthRoutes } from "./routes/oauth.ts";
import { sitePlugin } from "./site/site-plugin.ts";

/** Request bodies above 1 MiB are refused with 413 (WDE0109). */
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
  /** Owner editor settings (issue 4); defaults in owner/owner-config.ts. */
  owner?: Partial<OwnerConfig>;
};

export function createApp({
  db,
  config,
  now = Date.now,
  site,
  logger = false,
  owner,
}: CreateAppOptions): FastifyInstance {
  const app = Fastify({
    logger,
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: generateRequestId,
    requestIdHeader: false,
    frameworkErrors: handleFrameworkError,
    // Item ids may be 128 characters, and more once percent-encoded.
    routerOptions: { querystringParser: parseQueryString, maxParamLength: 1024 },
  });
  const store = createItemsStore(db);
  const tokens = createTokenService({ key: config.signingKey, clientId: config.clientId, now });
  const accessStore = createAccessStore(db);
  const caller = { tokens, apiKeys: createApiKeys(accessStore, now) };
  const items = {
    store,
    writer: createItemWriter(store, now),
    references: createReferencesStore(db),
    access: createAccessControl(accessStore),
    cursorKey: config.signingKey,
  };

  app.decorateRequest("caller", null);
  registerRequestId(app);
  registerCors(app);
  registerErrorHandlers(app);
  registerFormBodyParser(app);
  app.addHook("onRequest", rejectOversizedQuery);

  // Owner editor (issue 4): resolves the owner session for every route, mounts /admin.
  registerOwner(app, {
    db,
    store,
    signingKey: config.signingKey,
    now,
    siteDir: site?.dir,
    config: owner,
  });
  app.register(oauthRoutes, { tokens, clientId: config.clientId });
  for (const prefix of ["/wix-data/v2", "/v2"]) {
    app.register(itemsRoutes, { prefix, ...items, caller });
  }
  app.register(graphqlRoutes, { ...items, caller });
  if (site) app.register(sitePlugin, { dir: site.dir, store });
  return app;
}
