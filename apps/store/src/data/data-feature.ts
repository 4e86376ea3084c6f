/**
 * @module The data wing assembled: the items, references and collections stores and writers, the
 * query call with the visitor query fast path in front of it, and the routes of data items v2,
 * data collections v2 and GraphQL, mounted under each prefix the protocol uses
 * (docs/protocol.md §1.2, §2). Every request first resolves its caller (401 without valid
 * credentials); each handler validates its input, then asks the one permission check.
 */
import type { FastifyInstance } from "fastify";
import type { AccessStore } from "../platform/db/access-store.ts";
import type { Db } from "../platform/db/sql-db.ts";
import { type CallerDeps, requireCaller } from "../platform/http/caller.ts";
import type { CorsPolicy } from "../platform/http/cors.ts";
import type { SharedCache } from "../platform/http/shared-cache.ts";
import { createAccessControl } from "./access/access-control.ts";
import {
  type CollectionsRouteDeps,
  registerCollectionRoutes,
} from "./collections/collection-routes.ts";
import { createCollectionWriter } from "./collections/collection-writer.ts";
import { graphqlRoutes } from "./graphql/graphql.ts";
import { createItemWriter } from "./items/item-writer.ts";
import type { ItemsRouteDeps } from "./items/items-deps.ts";
import { createQueryCall, type QueryCall } from "./items/query-call.ts";
import { createReferenceWriter } from "./items/reference-writer.ts";
import { registerBulkItemRoutes } from "./routes/items-bulk.ts";
import { QUERY_HEADERS, registerItemQueryRoutes } from "./routes/items-query.ts";
import { registerItemReadRoutes } from "./routes/items-read.ts";
import { registerReferenceRoutes } from "./routes/items-references.ts";
import { registerItemWriteRoutes } from "./routes/items-write.ts";
import {
  createVisitorQueryFastPath,
  type VisitorQueryFastPath,
} from "./routes/visitor-query-fast-path.ts";
import { createCollectionsStore } from "./storage/collections-store.ts";
import { createItemsStore } from "./storage/items-store.ts";
import { createReferencesStore } from "./storage/references-store.ts";

/** Data items v2 is served under its full path and the service-path alias. */
export const ITEMS_PREFIXES = ["/wix-data/v2", "/v2"];

export type DataFeature = {
  items: ItemsRouteDeps;
  collections: CollectionsRouteDeps;
  queries: QueryCall;
  /** Answers visitors' queries before Fastify, with the route's exact headers and bytes. */
  fastPath: VisitorQueryFastPath;
};

export function createDataFeature(
  db: Db,
  options: {
    signingKey: Uint8Array;
    now: () => number;
    caller: CallerDeps;
    cors: CorsPolicy;
    access: AccessStore;
  },
): DataFeature {
  const store = createItemsStore(db);
  const references = createReferencesStore(db);
  const items = {
    store,
    writer: createItemWriter(store, options.now),
    references,
    referenceWriter: createReferenceWriter(store, references),
    access: createAccessControl(options.access),
    cursorKey: options.signingKey,
  };
  const collectionsStore = createCollectionsStore(db);
  const collections = {
    collections: collectionsStore,
    writer: createCollectionWriter(collectionsStore, options.now),
  };
  const queries = createQueryCall(items);
  const fastPath = createVisitorQueryFastPath({
    paths: ITEMS_PREFIXES.map((prefix) => `${prefix}/items/query`),
    caller: options.caller,
    queries,
    headers: QUERY_HEADERS,
    cors: options.cors,
  });
  return { items, collections, queries, fastPath };
}

/** Mounts the data API: items and collections under each prefix, and GraphQL. */
export function registerDataRoutes(
  app: FastifyInstance,
  data: DataFeature,
  options: { caller: CallerDeps; sharedCache: SharedCache | null },
): void {
  for (const prefix of ITEMS_PREFIXES) {
    app.register(itemsRoutes, { prefix, ...data, ...options });
  }
  app.register(graphqlRoutes, { ...data.items, caller: options.caller });
}

async function itemsRoutes(
  app: FastifyInstance,
  options: DataFeature & { caller: CallerDeps; sharedCache: SharedCache | null },
): Promise<void> {
  app.addHook("onRequest", requireCaller(options.caller));
  registerItemQueryRoutes(app, options.queries, options.sharedCache);
  registerItemReadRoutes(app, options.items);
  registerItemWriteRoutes(app, options.items);
  registerBulkItemRoutes(app, options.items);
  registerReferenceRoutes(app, options.items);
  registerCollectionRoutes(app, options.collections);
}
