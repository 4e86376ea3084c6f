/**
 * @module The data wing: items, references, collections and their permissions, GraphQL, and the data-items routes (the protocol's data API).
 * The other wings import this wing through this face only.
 */
export { createAccessControl } from "./access/access-control.ts";
export { createApiKeys } from "./access/api-key.ts";
export { memberShare } from "./access/member-share.ts";
export {
  COLLECTION_ID_PATTERN,
  readCollectionDefinition,
} from "./collections/collection-definition.ts";
export type { CollectionsRouteDeps } from "./collections/collection-routes.ts";
export { registerCollectionRoutes } from "./collections/collection-routes.ts";
export { createCollectionWriter } from "./collections/collection-writer.ts";
export { isSiteCollection, toWireRoles } from "./collections/wire-collection.ts";
export { createDataFeature, registerDataRoutes } from "./data-feature.ts";
export { graphqlRoutes } from "./graphql/graphql.ts";
export { checkDepth } from "./items/item-input.ts";
export type { ItemWriter } from "./items/item-writer.ts";
export { checkItemData, createItemWriter, MAX_ITEM_BYTES } from "./items/item-writer.ts";
export type { ItemsRouteDeps } from "./items/items-deps.ts";
export { jsonEquals } from "./items/patch.ts";
export type { QueryCall } from "./items/query-call.ts";
export { createQueryCall } from "./items/query-call.ts";
export { createReferenceWriter } from "./items/reference-writer.ts";
export { registerBulkItemRoutes } from "./routes/items-bulk.ts";
export { QUERY_HEADERS, registerItemQueryRoutes } from "./routes/items-query.ts";
export { registerItemReadRoutes } from "./routes/items-read.ts";
export { registerReferenceRoutes } from "./routes/items-references.ts";
export { registerItemWriteRoutes } from "./routes/items-write.ts";
export type { VisitorQueryFastPath } from "./routes/visitor-query-fast-path.ts";
export { createVisitorQueryFastPath } from "./routes/visitor-query-fast-path.ts";
export type {
  CollectionDefinition,
  CollectionsStore,
  StoredCollection,
} from "./storage/collections-store.ts";
export { createCollectionsStore } from "./storage/collections-store.ts";
export {
  createDeclaredFields,
  DECLARED_FIELD_TYPES,
  parseDeclaredFieldName,
} from "./storage/declared-fields.ts";
export type { ItemHistory } from "./storage/item-history.ts";
export { createItemHistory } from "./storage/item-history.ts";
export type { ItemData, ItemsStore, StoredItem } from "./storage/items-store.ts";
export { allItemsQuery, createItemsStore, SYSTEM_FIELDS } from "./storage/items-store.ts";
export { createReferencesStore } from "./storage/references-store.ts";
export { readContentFile, seedContent } from "./storage/seed.ts";
export { seedWords } from "./storage/seed-words.ts";
