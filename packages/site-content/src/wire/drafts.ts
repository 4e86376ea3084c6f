/**
 * @module Drafts and publishing as the store's owner routes answer them and the editor
 * sends them: pending changes kept outside the live items, the publications that applied them,
 * and the secret preview links that show the page with them. Times are ISO-8601 strings.
 */
import type { ItemData } from "../item-data.ts";

export type PendingChangeKind = "put" | "remove";

/** One change to one item of one collection, not yet live. */
export type PendingChange = {
  collectionId: string;
  itemId: string;
  kind: PendingChangeKind;
  /** `put`: the whole item, `_id` included; `remove`: null. */
  data: ItemData | null;
  /** When it goes live by itself; null for a draft published only by hand. */
  publishAt: string | null;
  /** The e-mail of the owner or collaborator who saved it. */
  savedBy: string;
  savedAt: string;
};

/** A change as `PUT /admin/api/drafts` takes it (the collection is the body's). */
export type PendingChangeInput = {
  itemId: string;
  kind: PendingChangeKind;
  data?: ItemData;
  publishAt?: string | null;
};

/** A pending change that went live. */
export type Publication = {
  id: number;
  collectionId: string;
  itemId: string;
  kind: PendingChangeKind;
  publishedAt: string;
  /** Null when the schedule published it. */
  publishedBy: string | null;
  scheduledBy: string | null;
};

/** A live preview link, as listed (the secret is never listed). */
export type PreviewLink = {
  id: string;
  label: string;
  createdAt: string;
  expiresAt: string;
  createdBy: string;
};

/** A link just created: the only answer that carries its secret URL. */
export type CreatedPreviewLink = PreviewLink & { url: string };
