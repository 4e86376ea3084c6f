/**
 * @module The owner's review of collaborators' changes (docs/security.md, "The owner and
 * collaborators"): while it is on (the default), a collaborator keeps changes as a draft and
 * sends it for review; the owner approves it (publishes the collection's draft) or sends it back
 * with a note. The setting lives with the permissions (`AccessStore`), since the data API's
 * permission check refuses a reviewed collaborator's live writes too.
 */
import type { Publication, ReviewOverview, ReviewRequest } from "@consultant/site-content/wire";
import type { ItemData, ItemsStore } from "../../data/index.ts";
import type { AccessStore } from "../../platform/db/access-store.ts";
import { ApiError } from "../../platform/errors.ts";
import type { Drafts } from "../drafts/drafts-service.ts";
import type { ReviewStore, StoredReview } from "./review-store.ts";

export type ReviewDeps = {
  reviews: ReviewStore;
  drafts: Drafts;
  store: ItemsStore;
  access: AccessStore;
  now: () => number;
};

/** Who sends: the collaborator's identity id (for the audit log) and name or e-mail. */
export type Sender = { id: string; name: string };

const iso = (ms: number) => new Date(ms).toISOString();

export type Review = ReturnType<typeof createReview>;

export function createReview({ reviews, drafts, store, access, now }: ReviewDeps) {
  function requestView(review: StoredReview): ReviewRequest | null {
    const changes = drafts.list(review.collectionId);
    if (changes.length === 0) return null;
    const live = changes.flatMap((change): ItemData[] => {
      const item = store.getItem(change.collectionId, change.itemId);
      return item === null ? [] : [item.data];
    });
    const unique = live.filter(
      (item, index) => live.findIndex((o) => o._id === item._id) === index,
    );
    return {
      collectionId: review.collectionId,
      sentBy: review.sentBy,
      sentAt: iso(review.sentAt),
      status: review.status,
      note: review.note,
      decidedAt: review.decidedAt === null ? null : iso(review.decidedAt),
      changes,
      live: unique,
    };
  }

  return {
    /** A request whose draft was discarded meanwhile has nothing left to review and is dropped. */
    overview(): ReviewOverview {
      const requests = reviews.list().flatMap((review) => {
        const view = requestView(review);
        if (view === null) reviews.remove(review.collectionId);
        return view === null ? [] : [view];
      });
      return { on: access.collaboratorsReviewed(), requests };
    },

    setOn(on: boolean): void {
      access.setCollaboratorsReviewed(on);
    },

    /** @throws ApiError REVIEW_NOTHING_TO_SEND when the collection has no draft. */
    send(collectionId: string, sender: Sender): ReviewRequest {
      if (drafts.list(collectionId).length === 0) {
        throw new ApiError("REVIEW_NOTHING_TO_SEND", [collectionId]);
      }
      reviews.send({ collectionId, sentById: sender.id, sentBy: sender.name, sentAt: now() });
      const view = requestView(reviews.get(collectionId) as StoredReview);
      return view as ReviewRequest;
    },

    /**
     * Publishes the collection's draft as the owner approved it, and ends the request.
     * @throws ApiError REVIEW_NOT_FOUND when nothing of the collection waits.
     */
    approve(collectionId: string, by: string): { published: Publication[]; review: StoredReview } {
      // Claimed first, so two approvals at once publish once; each change then goes live in
      // its own transaction, as "Publish now" does. A publish that fails leaves it waiting.
      const review = reviews.takeWaiting(collectionId);
      if (review === null) throw new ApiError("REVIEW_NOT_FOUND", [collectionId]);
      try {
        return { published: drafts.publishNow(collectionId, null, by), review };
      } catch (error) {
        reviews.send(review);
        throw error;
      }
    },

    /** @throws ApiError REVIEW_NOT_FOUND when nothing of the collection waits. */
    sendBack(collectionId: string, note: string): StoredReview {
      if (!reviews.sendBack(collectionId, note, now())) {
        throw new ApiError("REVIEW_NOT_FOUND", [collectionId]);
      }
      return reviews.get(collectionId) as StoredReview;
    },

    /** The owner published the collection's draft by hand: nothing of it waits any more. */
    published(collectionId: string): void {
      reviews.remove(collectionId);
    },
  };
}
