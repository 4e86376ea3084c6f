/**
 * @module Drafts and publishing: pending changes of the page's items, kept apart from
 * the live items until published, now or at their time. Publishing goes through the item writer
 * (history, content version, change notices as for any save) and records who published. Each
 * change is claimed (its row deleted) in the transaction that applies it, so a change scheduled
 * on a database several nodes share goes live once.
 */
import type { PendingChange, Publication } from "@consultant/site-content/wire";
import type { ItemsStore, ItemWriter } from "../../data/index.ts";
import { ApiError } from "../../platform/errors.ts";
import { SITE_OWNER_ID } from "../../platform/site-owner.ts";
import type {
  ChangeKey,
  ChangeKind,
  DraftsStore,
  StoredChange,
  StoredPublication,
} from "../storage/drafts-store.ts";
import type { ChangeInput } from "./draft-input.ts";

const iso = (ms: number) => new Date(ms).toISOString();

export function changeView(change: StoredChange): PendingChange {
  return {
    collectionId: change.collectionId,
    itemId: change.itemId,
    kind: change.kind,
    data: change.data,
    publishAt: change.publishAt === null ? null : iso(change.publishAt),
    savedBy: change.savedBy,
    savedAt: iso(change.savedAt),
  };
}

export function publicationView(record: StoredPublication): Publication {
  return { ...record, publishedAt: iso(record.publishedAt) };
}

export type DraftsDeps = {
  drafts: DraftsStore;
  store: ItemsStore;
  writer: ItemWriter;
  now: () => number;
};

export type Drafts = ReturnType<typeof createDrafts>;

export function createDrafts({ drafts, store, writer, now }: DraftsDeps) {
  function requireLive(collectionId: string, itemId: string): void {
    if (store.getItem(collectionId, itemId) === null) {
      throw new ApiError("ITEM_NOT_FOUND", [itemId, collectionId]);
    }
  }

  /** Writes a claimed change to the live items; false when there was nothing left to remove. */
  function apply(change: StoredChange): boolean {
    const { collectionId, itemId } = change;
    if (change.kind === "put") {
      const data = change.data ?? { _id: itemId };
      writer.save(collectionId, { id: itemId, data }, null, SITE_OWNER_ID);
      return true;
    }
    if (store.getItemForUpdate(collectionId, itemId) === null) return false;
    writer.remove(collectionId, itemId, null);
    return true;
  }

  /** Claims, applies and records one change in one transaction; null when it was not claimed. */
  function publishOne(
    claim: () => StoredChange | null,
    publishedBy: string | null,
  ): StoredPublication | null {
    return drafts.transaction(() => {
      const change = claim();
      if (change === null || !apply(change)) return null;
      return drafts.addPublication({
        collectionId: change.collectionId,
        itemId: change.itemId,
        kind: change.kind,
        publishedAt: now(),
        publishedBy,
        scheduledBy: change.scheduledBy,
      });
    });
  }

  function selected(collectionId: string, itemIds: string[] | null): StoredChange[] {
    const wanted = itemIds === null ? null : new Set(itemIds);
    return drafts
      .list(collectionId)
      .filter((change) => wanted === null || wanted.has(change.itemId));
  }

  return {
    list(collectionId: string | null): PendingChange[] {
      return drafts.list(collectionId).map(changeView);
    },

    /**
     * Saves (replaces) the changes, all or none. A remove needs a live item.
     * @throws ApiError ITEM_NOT_FOUND.
     */
    save(collectionId: string, changes: ChangeInput[], by: string): PendingChange[] {
      const savedAt = now();
      return drafts.transaction(() =>
        changes.map((change) => {
          if (change.kind === "remove") requireLive(collectionId, change.itemId);
          const stored: StoredChange = {
            collectionId,
            ...change,
            savedBy: by,
            savedAt,
            scheduledBy: change.publishAt === null ? null : by,
          };
          drafts.save(stored);
          return changeView(stored);
        }),
      );
    },

    /** Discards pending changes (of the items, of the kind, when given); answers how many. */
    discard(collectionId: string, itemIds: string[] | null, kind: ChangeKind | null): number {
      return drafts.transaction(() => {
        const chosen = selected(collectionId, itemIds).filter(
          (change) => kind === null || change.kind === kind,
        );
        let discarded = 0;
        for (const change of chosen) if (drafts.discard(change)) discarded++;
        return discarded;
      });
    },

    /**
     * Publishes the items' pending puts and unscheduled removes now (a scheduled remove keeps
     * its time: it is an unpublish planned for later).
     */
    publishNow(collectionId: string, itemIds: string[] | null, by: string): Publication[] {
      const chosen = selected(collectionId, itemIds).filter(
        (change) => change.kind === "put" || change.publishAt === null,
      );
      // Puts first: an item both written and taken off ends off the page.
      chosen.sort((a, b) => a.kind.localeCompare(b.kind));
      return chosen.flatMap((change) => {
        const record = publishOne(() => drafts.claim(change), by);
        return record === null ? [] : [publicationView(record)];
      });
    },

    /** Sets when the items' pending puts go live. */
    schedulePuts(
      collectionId: string,
      itemIds: string[] | null,
      at: number,
      by: string,
    ): PendingChange[] {
      return drafts.transaction(() =>
        selected(collectionId, itemIds)
          .filter((change) => change.kind === "put")
          .flatMap((change) => {
            const scheduled = drafts.schedule(change, at, by);
            return scheduled === null ? [] : [changeView(scheduled)];
          }),
      );
    },

    /** Plans taking a live item off the page at `at`. @throws ApiError ITEM_NOT_FOUND. */
    unpublishAt(collectionId: string, itemId: string, at: number, by: string): PendingChange {
      requireLive(collectionId, itemId);
      const change: StoredChange = {
        collectionId,
        itemId,
        kind: "remove",
        data: null,
        publishAt: at,
        savedBy: by,
        savedAt: now(),
        scheduledBy: by,
      };
      drafts.save(change);
      return changeView(change);
    },

    /**
     * Publishes every change whose time has come; `onFailure` hears of one whose data cannot be
     * written (it is then kept as an unscheduled draft, not retried every pass).
     */
    publishDue(onFailure: (change: StoredChange, error: unknown) => void): Publication[] {
      const time = now();
      return drafts.due(time).flatMap((change) => {
        try {
          const record = publishOne(() => drafts.claimDue(change, time), null);
          return record === null ? [] : [publicationView(record)];
        } catch (error) {
          // A database that failed is retried by the next pass; data that cannot be written is not.
          if (!(error instanceof ApiError)) throw error;
          onFailure(change, error);
          drafts.schedule(change satisfies ChangeKey, null, null);
          return [];
        }
      });
    },

    nextDue(): number | null {
      return drafts.nextDue();
    },

    publications(collectionId: string | null): Publication[] {
      return drafts.publications(collectionId).map(publicationView);
    },
  };
}
