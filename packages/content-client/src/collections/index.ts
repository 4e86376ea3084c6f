// Entry point `@consultant/content-client/collections`: the Data Collections API, kept out of the visitor page's bundle.
export type {
  DataCollection,
  DataCollectionPatch,
  Field,
  FieldType,
  ListDataCollectionsOptions,
  ListDataCollectionsResponse,
  Permissions,
  Role,
  VisitorDataCollection,
} from "./collection-types.ts";
export { type CollectionsApi, createCollectionsApi } from "./collections-api.ts";
