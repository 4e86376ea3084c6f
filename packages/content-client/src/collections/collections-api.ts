import type { ContentClient } from "../client.ts";
import { fromGeneratedResponse, toGeneratedRequest } from "../generated-transforms.ts";
import type {
  DataCollection,
  DataCollectionPatch,
  ListDataCollectionsOptions,
  ListDataCollectionsResponse,
} from "./collection-types.ts";

const PATH = "/wix-data/v2/collections";
const DATES = ["createdDate", "updatedDate"];
const SCHEMA = (root: string) => ({ timestamps: DATES.map((date) => `${root}.${date}`) });

/**
 * The Data Collections API, call for call as the official `@wix/data` `collections` module
 * makes it (same paths, bodies and answers).
 */
export interface CollectionsApi {
  /**
   * Creates a collection: `_id`, at least one field and all four permissions are required.
   *
   * @throws {HttpError} 409 `COLLECTION_ALREADY_EXISTS`, 400 for a bad definition, 403 without the API key.
   * @example
   * ```ts
   * await collections.createDataCollection({
   *   _id: "Notes",
   *   fields: [{ key: "title", type: "TEXT" }],
   *   permissions: { read: "SITE_MEMBER", insert: "SITE_MEMBER", update: "SITE_MEMBER_AUTHOR", remove: "SITE_MEMBER_AUTHOR" },
   * });
   * ```
   */
  createDataCollection(collection: DataCollection): Promise<DataCollection>;
  /**
   * Reads a collection (a visitor gets only what a page needs: no permissions, no revision).
   *
   * @throws {HttpError} 404 `WDE0025` for an unknown collection.
   */
  getDataCollection(dataCollectionId: string): Promise<DataCollection>;
  /** Lists collections by id (50 unless `paging.limit` says otherwise). */
  listDataCollections(options?: ListDataCollectionsOptions): Promise<ListDataCollectionsResponse>;
  /**
   * Replaces a collection's definition; `revision` must be the one last read.
   *
   * @throws {HttpError} 409 `COLLECTION_REVISION_MISMATCH`, 403 `COLLECTION_PROTECTED` for the site's own collections.
   */
  updateDataCollection(collection: DataCollection): Promise<DataCollection>;
  /**
   * Changes the display name, display field or permissions only.
   *
   * @throws {HttpError} as `updateDataCollection`.
   */
  patchDataCollection(
    dataCollectionId: string,
    patch: DataCollectionPatch,
  ): Promise<{ dataCollection: DataCollection }>;
  /**
   * Deletes a collection and its items.
   *
   * @throws {HttpError} 403 `COLLECTION_PROTECTED` for the site's own collections, 404 for an unknown one.
   */
  deleteDataCollection(dataCollectionId: string): Promise<void>;
}

function query(params: Record<string, string | number | boolean | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) search.append(key, String(value));
  }
  const text = search.toString();
  return text === "" ? "" : `?${text}`;
}

/**
 * Creates the collection calls on a content client: its credentials (the API key for writes, a
 * member's or visitor's token for reads), transport and errors.
 *
 * @example
 * ```ts
 * import { createContentClient } from "@consultant/content-client";
 * import { createCollectionsApi } from "@consultant/content-client/collections";
 *
 * const admin = createContentClient({ baseUrl: "http://localhost:8080", apiKey: process.env.CONTENT_API_KEY });
 * const collections = createCollectionsApi(admin);
 * const { collections: all } = await collections.listDataCollections();
 * ```
 */
export function createCollectionsApi(client: Pick<ContentClient, "call">): CollectionsApi {
  const { call } = client;
  const one = async (
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    path: string,
    root: string,
    body?: unknown,
  ) => {
    const answer = await call({ method, path, ...(body === undefined ? {} : { body }) });
    return fromGeneratedResponse(answer, SCHEMA(root)) as Record<string, unknown>;
  };
  const wire = (collection: object) => toGeneratedRequest(collection, {});
  const encoded = (id: string) => `${PATH}/${encodeURIComponent(id)}`;

  return {
    async createDataCollection(collection) {
      const answer = await one("POST", PATH, "collection", { collection: wire(collection) });
      return answer.collection as DataCollection;
    },
    async getDataCollection(dataCollectionId) {
      const path = encoded(dataCollectionId) + query({ dataCollectionId });
      return (await one("GET", path, "collection")).collection as DataCollection;
    },
    async listDataCollections(options = {}) {
      const path =
        PATH +
        query({
          "paging.limit": options.paging?.limit,
          "paging.offset": options.paging?.offset,
          "sort.fieldName": options.sort?.fieldName,
          "sort.order": options.sort?.order,
          consistentRead: options.consistentRead,
        });
      return (await one("GET", path, "collections")) as unknown as ListDataCollectionsResponse;
    },
    async updateDataCollection(collection) {
      const answer = await one("PUT", PATH, "collection", { collection: wire(collection) });
      return answer.collection as DataCollection;
    },
    async patchDataCollection(dataCollectionId, patch) {
      const body = { dataCollection: { ...patch, id: dataCollectionId } };
      const answer = await one("PATCH", encoded(dataCollectionId), "dataCollection", body);
      return answer as { dataCollection: DataCollection };
    },
    async deleteDataCollection(dataCollectionId) {
      await one("DELETE", encoded(dataCollectionId) + query({ dataCollectionId }), "collection");
    },
  };
}
