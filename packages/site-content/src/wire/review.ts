/**
 * @module The owner's review of collaborators' changes as `/admin/api/review` answers it: whether
 * it is on, and each collection a collaborator sent for review, with its draft and the live items
 * that draft replaces (so the editor can show what changed). Times are ISO-8601 strings.
 */
import type { ItemData } from "../item-data.ts";
import type { PendingChange } from "./drafts.ts";

/** Waiting for the owner, or sent back to the collaborator with a note. */
export type ReviewStatus = "waiting" | "returned";

/** One collection's draft sent for review. */
export type ReviewRequest = {
  collectionId: string;
  /** The collaborator who sent it: their name, else their e-mail. */
  sentBy: string;
  sentAt: string;
  status: ReviewStatus;
  /** The owner's note when it was sent back. */
  note: string | null;
  decidedAt: string | null;
  /** The collection's draft as it is now. */
  changes: PendingChange[];
  /** The live items those changes touch (an added item has none). */
  live: ItemData[];
};

/** `GET /admin/api/review`. */
export type ReviewOverview = {
  /** Whether collaborators' changes wait for the owner's review. */
  on: boolean;
  requests: ReviewRequest[];
};
