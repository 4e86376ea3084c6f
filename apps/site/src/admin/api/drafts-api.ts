/**
 * @module The owner's drafts, publishing and preview-link routes, typed, over the
 * editor's signed-in client (`/admin/api/...`, CSRF token on writes).
 */

import { isHttpError } from "@consultant/content-client";
import type {
  CreatedPreviewLink,
  PendingChange,
  PendingChangeInput,
  PendingChangeKind,
  PreviewLink,
  Publication,
} from "@consultant/site-content/wire";
import type { EditorApi } from "./editor-api.ts";

export type {
  CreatedPreviewLink,
  PendingChange,
  PendingChangeInput,
  PendingChangeKind,
  PreviewLink,
  Publication,
};

export type DraftsApi = ReturnType<typeof createDraftsApi>;

const ROOT = "/admin/api";
const NO_CONTENT = 204;

export function createDraftsApi({ call }: Pick<EditorApi, "call">) {
  return {
    /** The pending changes of one collection, or of all. */
    async changes(collectionId?: string): Promise<PendingChange[]> {
      const query =
        collectionId === undefined ? "" : `?collectionId=${encodeURIComponent(collectionId)}`;
      return (
        await call<{ changes: PendingChange[] }>({ method: "GET", path: `${ROOT}/drafts${query}` })
      ).changes;
    },

    /** Saves (replaces) those items' pending changes. */
    async save(collectionId: string, changes: PendingChangeInput[]): Promise<PendingChange[]> {
      const body = { collectionId, changes };
      return (
        await call<{ changes: PendingChange[] }>({ method: "PUT", path: `${ROOT}/drafts`, body })
      ).changes;
    },

    /** Throws away pending changes: all of the collection's, or those items' (of one kind). */
    async discard(
      collectionId: string,
      itemIds?: string[],
      kind?: PendingChangeKind,
    ): Promise<void> {
      const body = { collectionId, ...(itemIds ? { itemIds } : {}), ...(kind ? { kind } : {}) };
      await call({ method: "DELETE", path: `${ROOT}/drafts`, body });
    },

    /** Makes the pending changes live now. */
    async publishNow(collectionId: string, itemIds?: string[]): Promise<Publication[]> {
      const body = { collectionId, ...(itemIds ? { itemIds } : {}) };
      return (
        await call<{ published: Publication[] }>({
          method: "POST",
          path: `${ROOT}/drafts/publish`,
          body,
        })
      ).published;
    },

    /** Schedules the pending puts to go live at `at` (ISO). */
    async publishAt(
      collectionId: string,
      at: string,
      itemIds?: string[],
    ): Promise<PendingChange[]> {
      const body = { collectionId, at, ...(itemIds ? { itemIds } : {}) };
      return (
        await call<{ changes: PendingChange[] }>({
          method: "POST",
          path: `${ROOT}/drafts/publish`,
          body,
        })
      ).changes;
    },

    /** Schedules a live item to come off the page at `at` (ISO). */
    async unpublishAt(collectionId: string, itemId: string, at: string): Promise<PendingChange> {
      const body = { collectionId, itemId, at };
      return (
        await call<{ change: PendingChange }>({
          method: "POST",
          path: `${ROOT}/drafts/unpublish`,
          body,
        })
      ).change;
    },

    /** What went live, newest first. */
    async publications(collectionId?: string): Promise<Publication[]> {
      const query =
        collectionId === undefined ? "" : `?collectionId=${encodeURIComponent(collectionId)}`;
      return (
        await call<{ publications: Publication[] }>({
          method: "GET",
          path: `${ROOT}/publications${query}`,
        })
      ).publications;
    },

    async previewLinks(): Promise<PreviewLink[]> {
      return (
        await call<{ links: PreviewLink[] }>({ method: "GET", path: `${ROOT}/preview-links` })
      ).links;
    },

    async createPreviewLink(label: string, expiresInHours: number): Promise<CreatedPreviewLink> {
      const body = { ...(label.trim() ? { label: label.trim() } : {}), expiresInHours };
      return (
        await call<{ link: CreatedPreviewLink }>({
          method: "POST",
          path: `${ROOT}/preview-links`,
          body,
        })
      ).link;
    },

    async revokePreviewLink(id: string): Promise<void> {
      const path = `${ROOT}/preview-links/${encodeURIComponent(id)}`;
      // The store answers 204 (no body), which the client reports as a non-200 answer.
      await call({ method: "DELETE", path }).catch((error: unknown) => {
        if (!(isHttpError(error) && error.status === NO_CONTENT)) throw error;
      });
    },
  };
}
