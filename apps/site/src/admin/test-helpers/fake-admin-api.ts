/**
 * An in-memory stand-in for the store behind the editor's API, with the store's rule that a
 * conditional write on a stale `_updatedDate` is refused with 409. The real store is covered
 * by its own tests and by e2e/admin.spec.ts.
 */
import type { AdminApi, HistoryVersion, SessionState } from "../api/admin-api.ts";
import { AdminApiError } from "../api/api-errors.ts";
import type { ItemData } from "../model/item-data.ts";

export type FakeCall = { method: string; collectionId: string; args: unknown[] };

export function createFakeAdminApi(initial: Record<string, ItemData[]>) {
  const collections = new Map(Object.entries(initial).map(([id, items]) => [id, [...items]]));
  const calls: FakeCall[] = [];
  const removedVersions = new Map<string, HistoryVersion[]>();
  let clock = Date.parse("2025-05-01T10:00:00.000Z");
  const stamp = () => ({ $date: new Date(++clock).toISOString() });
  const list = (id: string) => collections.get(id) ?? [];
  const removedOf = (id: string) => removedVersions.get(id) ?? [];
  const find = (id: string, itemId: string) => list(id).find((item) => item._id === itemId);

  function checkVersion(id: string, itemId: string, expected: string | null) {
    const stored = find(id, itemId);
    if (!stored) throw new AdminApiError(404, "Item does not exist", "WDE0073");
    const version = (stored._updatedDate as { $date: string }).$date;
    if (version !== expected) throw new AdminApiError(409, "Condition failed", "WDE0123");
  }

  const signedIn: SessionState = {
    signedIn: true,
    csrfToken: "csrf",
    expiresAt: new Date(clock + 1_800_000).toISOString(),
    idleTimeoutSeconds: 1800,
  };

  const api: AdminApi = {
    session: async () => signedIn,
    signIn: async (password) => {
      if (password !== "the right password") throw new AdminApiError(401, "Wrong password");
      return signedIn;
    },
    setup: async () => signedIn,
    signOut: async () => {},
    items: async (id) => structuredClone(list(id)),
    preview: async (id, items) => {
      calls.push({ method: "preview", collectionId: id, args: [items] });
      return `<html><body>${JSON.stringify(items)}</body></html>`;
    },
    history: async () => ({ versions: [], nextBefore: null }),
    removed: async (id) => structuredClone(removedOf(id)),
    restore: async (id, itemId, versionId) => {
      calls.push({ method: "restore", collectionId: id, args: [itemId, versionId] });
      const version = removedOf(id).find((entry) => entry.versionId === versionId);
      if (!version || find(id, itemId)) throw new AdminApiError(409, "Cannot restore", "WDE0123");
      const item = { ...version.data, _id: itemId, _updatedDate: stamp() };
      list(id).push(item);
      removedVersions.set(
        id,
        removedOf(id).filter((entry) => entry.itemId !== itemId),
      );
      return structuredClone(item);
    },
    insertItem: async (id, data) => {
      calls.push({ method: "insertItem", collectionId: id, args: [data] });
      const itemId = typeof data._id === "string" ? data._id : `gen-${clock}`;
      list(id).push({ ...data, _id: itemId, _updatedDate: stamp() });
    },
    updateItem: async (id, itemId, data, expected) => {
      calls.push({ method: "updateItem", collectionId: id, args: [itemId, data, expected] });
      checkVersion(id, itemId, expected);
      collections.set(
        id,
        list(id).map((item) =>
          item._id === itemId ? { ...data, _id: itemId, _updatedDate: stamp() } : item,
        ),
      );
    },
    removeItem: async (id, itemId, expected) => {
      calls.push({ method: "removeItem", collectionId: id, args: [itemId, expected] });
      checkVersion(id, itemId, expected);
      collections.set(
        id,
        list(id).filter((item) => item._id !== itemId),
      );
    },
  };

  return {
    api,
    calls,
    /** A write by someone else (another tab): the stored version moves on. */
    writeElsewhere(id: string, itemId: string, patch: ItemData) {
      collections.set(
        id,
        list(id).map((item) =>
          item._id === itemId ? { ...item, ...patch, _updatedDate: stamp() } : item,
        ),
      );
    },
    /** A removal by someone else: the item goes to the history's deleted items. */
    removeElsewhere(id: string, itemId: string) {
      const item = find(id, itemId);
      if (!item) return;
      const at = new Date(++clock).toISOString();
      const version: HistoryVersion = {
        versionId: clock,
        itemId,
        data: item,
        savedAt: (item._updatedDate as { $date: string }).$date,
        replacedAt: at,
        change: "removed",
      };
      removedVersions.set(id, [...removedOf(id), version]);
      collections.set(
        id,
        list(id).filter((entry) => entry._id !== itemId),
      );
    },
    stored: (id: string, itemId: string) => find(id, itemId),
    /** The stored items of a collection. */
    storedItems: (id: string) => structuredClone(list(id)),
  };
}
