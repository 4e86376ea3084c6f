import { loadChunk } from "../lib/load-chunk.ts";
import { loadCollection, type QueryItems } from "./load-collection.ts";
import type { CollectionLoader } from "./types.ts";

let queryPromise: Promise<QueryItems> | undefined;

function getQuery(): Promise<QueryItems> {
  // Imported lazily: only pages without embedded content need the client in the bundle.
  queryPromise ??= loadChunk("content-client", () => import("@consultant/content-client")).then(
    ({ createContentClient }) => {
      const client = createContentClient({
        baseUrl: import.meta.env.VITE_CONTENT_BASE_URL ?? "",
        clientId: import.meta.env.VITE_CLIENT_ID ?? "local",
      });
      return (request) => client.items.query(request);
    },
  );
  return queryPromise;
}

/** Loads a collection from the content store the page was built against. */
export const loadFromStore: CollectionLoader = async (name) => {
  let query: QueryItems;
  try {
    query = await getQuery();
  } catch (error) {
    queryPromise = undefined;
    console.error(`Failed to fetch ${name} data:`, error);
    return [];
  }
  return loadCollection(query, name);
};
