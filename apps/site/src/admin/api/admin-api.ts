/**
 * The editor's calls: its session and reads under `/admin/api`, and saves through the store's
 * own data-items API (`/wix-data/v2/items…`) with the owner session's elevated access. Every
 * state-changing call sends the session's CSRF token; every update and remove sends a
 * `condition` on the `_updatedDate` the owner loaded.
 */
import type { ItemData } from "../model/item-data.ts";
import { errorFromResponse, SessionEndedError } from "./api-errors.ts";

export type SessionState =
  | { signedIn: true; csrfToken: string; expiresAt: string; idleTimeoutSeconds: number }
  | { signedIn: false; passwordSet: boolean };

export type HistoryVersion = {
  versionId: number;
  itemId: string;
  data: ItemData;
  savedAt: string;
  replacedAt: string;
  change: "updated" | "removed";
};

export type HistoryPage = { versions: HistoryVersion[]; nextBefore: number | null };

const CSRF_HEADER = "x-csrf-token";
const DATA_ITEMS = "/wix-data/v2";

/** The filter a conditional write sends: the stored item must still be the loaded version. */
function versionCondition(id: string, expectedUpdatedDate: string | null) {
  return expectedUpdatedDate === null
    ? { filter: { _id: { $eq: id } } }
    : { filter: { _updatedDate: { $eq: { $date: expectedUpdatedDate } } } };
}

export type AdminApi = ReturnType<typeof createAdminApi>;

export type AdminApiOptions = {
  fetch?: typeof fetch;
  /** Called when a call finds the session gone, before it throws SessionEndedError. */
  onSessionEnded?: () => void;
};

export function createAdminApi({ fetch: fetchImpl, onSessionEnded }: AdminApiOptions = {}) {
  const send = fetchImpl ?? ((input, init) => globalThis.fetch(input, init));
  let csrfToken = "";

  async function request(
    method: "GET" | "POST",
    path: string,
    body?: unknown,
    { signingIn = false } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { accept: "application/json" };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (method !== "GET" && csrfToken) headers[CSRF_HEADER] = csrfToken;
    const response = await send(path, {
      method,
      headers,
      credentials: "same-origin",
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (response.ok) return response;
    if (response.status === 401 && !signingIn) {
      onSessionEnded?.();
      throw new SessionEndedError();
    }
    throw await errorFromResponse(response);
  }

  async function json<T>(method: "GET" | "POST", path: string, body?: unknown, options = {}) {
    return (await (await request(method, path, body, options)).json()) as T;
  }

  function remember(state: SessionState): SessionState {
    csrfToken = state.signedIn ? state.csrfToken : "";
    return state;
  }

  const itemPath = (collectionId: string, itemId: string) =>
    `${encodeURIComponent(collectionId)}/${encodeURIComponent(itemId)}`;

  return {
    async session(): Promise<SessionState> {
      return remember(await json<SessionState>("GET", "/admin/api/session"));
    },

    async signIn(password: string): Promise<SessionState> {
      return remember(
        await json<SessionState>("POST", "/admin/api/sign-in", { password }, { signingIn: true }),
      );
    },

    async setup(token: string, password: string): Promise<SessionState> {
      return remember(
        await json<SessionState>(
          "POST",
          "/admin/api/setup",
          { token, password },
          { signingIn: true },
        ),
      );
    },

    async signOut(): Promise<void> {
      await request("POST", "/admin/api/sign-out", {}, { signingIn: true });
      csrfToken = "";
    },

    async items(collectionId: string): Promise<ItemData[]> {
      const body = await json<{ items: ItemData[] }>(
        "GET",
        `/admin/api/collections/${encodeURIComponent(collectionId)}/items`,
      );
      return body.items;
    },

    async preview(collectionId: string, items: ItemData[]): Promise<string> {
      return (await request("POST", "/admin/api/preview", { collectionId, items })).text();
    },

    history(collectionId: string, itemId: string, before?: number): Promise<HistoryPage> {
      const query = before === undefined ? "" : `?before=${before}`;
      return json("GET", `/admin/api/history/${itemPath(collectionId, itemId)}${query}`);
    },

    async removed(collectionId: string): Promise<HistoryVersion[]> {
      const body = await json<{ versions: HistoryVersion[] }>(
        "GET",
        `/admin/api/removed/${encodeURIComponent(collectionId)}`,
      );
      return body.versions;
    },

    async restore(
      collectionId: string,
      itemId: string,
      versionId: number,
      expectedUpdatedDate: string | null,
    ): Promise<ItemData> {
      const body = await json<{ item: ItemData }>(
        "POST",
        `/admin/api/history/${itemPath(collectionId, itemId)}/restore`,
        { versionId, expectedUpdatedDate },
      );
      return body.item;
    },

    async insertItem(collectionId: string, data: ItemData): Promise<void> {
      await request("POST", `${DATA_ITEMS}/items`, {
        dataCollectionId: collectionId,
        dataItem: { ...(typeof data._id === "string" ? { id: data._id } : {}), data },
      });
    },

    async updateItem(
      collectionId: string,
      id: string,
      data: ItemData,
      expectedUpdatedDate: string | null,
    ): Promise<void> {
      await request("POST", `${DATA_ITEMS}/items/update`, {
        dataCollectionId: collectionId,
        dataItem: { id, data: { ...data, _id: id } },
        condition: versionCondition(id, expectedUpdatedDate),
      });
    },

    async removeItem(
      collectionId: string,
      id: string,
      expectedUpdatedDate: string | null,
    ): Promise<void> {
      await request("POST", `${DATA_ITEMS}/items/remove`, {
        dataCollectionId: collectionId,
        dataItemId: id,
        condition: versionCondition(id, expectedUpdatedDate),
      });
    },
  };
}
