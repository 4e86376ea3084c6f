import { COLLECTION_NAMES, COLLECTIONS, type CollectionName, type Kind } from "../collections.ts";
import { COLLECTION_LABELS, type CollectionLabels } from "./labels.ts";

/** A collection as the editor lists it. */
export type EditorCollection = CollectionLabels & {
  id: CollectionName;
  kind: Kind;
  /** The public page shows it, so a preview of the page can show the changes. */
  onPage: boolean;
};

/** Every collection, in registry order, with its labels. */
export const EDITOR_COLLECTIONS: readonly EditorCollection[] = COLLECTION_NAMES.map((id) => ({
  id,
  kind: COLLECTIONS[id].kind,
  onPage: COLLECTIONS[id].onPage,
  ...COLLECTION_LABELS[id],
}));

/** The collection with that id, or undefined. */
export function findCollection(id: string): EditorCollection | undefined {
  return EDITOR_COLLECTIONS.find((collection) => collection.id === id);
}
