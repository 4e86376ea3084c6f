import { loadChunk } from "../lib/load-chunk.ts";
import { type CollectionLoader, loadCollection, type QueryItems } from "./load-collection.ts";

let queryPromise: Promise<QueryItems> | undefined;

function getQuery(): Promise<QueryItems> {
  // Imported lazily: only pages without embedded content need the client in the bundle.
  queryPromise ??= loadChunk("content-client", () => import("@consultant/content-client"))
    .then(({ createContentClient }): QueryItems => {
      const client = createContentClient({
        baseUrl: import.meta.env.VITE_CONTENT_BASE_URL ?? "",
        clientId: import.meta.env.VITE_CLIENT_ID ?? "local",
      });
      return (request) => client.items.query(request);
    })
    .catch((error: unknown) => {
      // Not kept: the next load tries again.
      queryPromise = undefined;
      throw error;
    });
  return queryPromise;
}

/** Loads a collection from the content store the page was built against. */
export const loadFromStore: CollectionLoader = (name) =>
  loadCollection(async (request) => (await getQuery())(request), name);
