import type { ItemData } from "../item-data.ts";

/** One earlier version of an item, as the store's history routes answer it to the editor. */
export type HistoryVersion = {
  versionId: number;
  collectionId: string;
  itemId: string;
  /** The item's data as it was. */
  data: ItemData;
  /** When this version was written (ISO). */
  savedAt: string;
  /** When a later write replaced or removed it (ISO). */
  replacedAt: string;
  change: "updated" | "removed";
};

/** A page of an item's history, newest first; `nextBefore` asks for the next page. */
export type HistoryPage = { versions: HistoryVersion[]; nextBefore: number | null };
