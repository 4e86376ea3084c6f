/**
 * The real store in-process for the editor's tests: an app on an in-memory database with the
 * owner password set, reached through a `fetch` backed by `app.inject` (cookies kept, the clock
 * moved one second per request so every write gets its own `_updatedDate`). Test code only:
 * production code of the site never imports the store.
 */
import type { ItemData } from "@consultant/site-content";
import {
  createContactStore,
  createIdentityStore,
  createOwnerKit,
  type IdentityStatus,
  OWNER_PASSWORD,
  type PendingReason,
  writeStandInSite,
} from "../../../../store/src/main/testing.ts";
import { createEditorApi, type EditorApi, type EditorApiOptions } from "../api/editor-api.ts";

export { OWNER_PASSWORD };

/** A request the editor sent. */
export type SentRequest = { method: string; path: string; body: unknown };

export type StoreInProcess = {
  /** An editor API signed in as the owner. */
  api: EditorApi;
  /** Builds another editor API on the same store (not signed in), in the same browser. */
  createApi: (options?: Omit<EditorApiOptions, "fetch">) => EditorApi;
  /** An editor API in another browser: its own cookies, never signed in (no device cookie). */
  createStrangerApi: () => EditorApi;
  /** Every request sent so far, oldest first. */
  sent: SentRequest[];
  /** The data-item writes sent so far (inserts, updates, removes). */
  writes: () => SentRequest[];
  /** A save by someone else (another tab, a script): the item's data is patched. */
  writeElsewhere: (collectionId: string, itemId: string, patch: ItemData) => void;
  /** A removal by someone else; the history keeps the removed version. */
  removeElsewhere: (collectionId: string, itemId: string) => void;
  stored: (collectionId: string, itemId: string) => ItemData | undefined;
  storedItems: (collectionId: string) => ItemData[];
  /** Adds a member as sign-up would (no password); answers their id. */
  addMember: (
    email: string,
    status?: IdentityStatus,
    reasons?: PendingReason[],
    /** A stored hash (any text): the member has chosen a password. */
    passwordHash?: string | null,
  ) => string;
  /** A message as the contact form stores it (status new); answers its id. */
  addContactMessage: (name: string, message: string) => string;
  /** A contact message's stored status. */
  messageStatus: (id: string) => string | undefined;
  /** A member's status as stored, or null once deleted. */
  memberStatus: (id: string) => IdentityStatus | null;
  /** The store's clock (ms); each request moves it one second. */
  clock: { ms: number };
  /** Runs the drafts scheduler now: publishes the changes due by the store's clock. */
  publishDue: () => void;
  close: () => Promise<void>;
};

const ORIGIN = "http://store.test";
/** A built-site stand-in whose page is the content it is given, as JSON (for previews). */
let standInSite: string | undefined;

/** Starts the store with `content` (collection → items, in order) and signs the owner in. */
export async function startStoreInProcess(
  content: Record<string, ItemData[]> = {},
  /** Where the store's clock starts (ms): `Date.now()` for times the browser picks. */
  { startMs }: { startMs?: number } = {},
): Promise<StoreInProcess> {
  standInSite ??= writeStandInSite();
  const kit = await createOwnerKit({ siteDir: standInSite });
  const { app, store, clock } = kit;
  if (startMs !== undefined) clock.ms = startMs;
  for (const [collectionId, items] of Object.entries(content)) {
    for (const data of items) {
      clock.ms += 1000;
      store.insert(collectionId, data, { now: clock.ms, ownerId: "owner" });
    }
  }

  const sent: SentRequest[] = [];

  // One cookie jar per browser.
  const fetchIn =
    (cookies: Map<string, string>): typeof fetch =>
    async (input, init = {}) => {
      clock.ms += 1000;
      const url = new URL(String(input instanceof Request ? input.url : input), ORIGIN);
      const method = init.method ?? "GET";
      const body = typeof init.body === "string" ? init.body : undefined;
      sent.push({ method, path: url.pathname + url.search, body: body && JSON.parse(body) });
      const headers: Record<string, string> = {};
      new Headers(init.headers).forEach((value, name) => {
        headers[name] = value;
      });
      if (cookies.size > 0) {
        headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
      }
      const response = await app.inject({
        method: method as "GET" | "POST",
        url: url.pathname + url.search,
        headers,
        ...(body === undefined ? {} : { payload: body }),
      });
      const responseHeaders = new Headers();
      for (const [name, value] of Object.entries(response.headers)) {
        for (const one of Array.isArray(value) ? value : [value]) {
          if (one !== undefined) responseHeaders.append(name, String(one));
        }
        if (name === "set-cookie") {
          for (const line of Array.isArray(value) ? value : [String(value)])
            keepCookie(cookies, line);
        }
      }
      // A 204 or 304 has no body (the Response constructor refuses one, even empty).
      const empty = response.statusCode === 204 || response.statusCode === 304;
      return new Response(empty ? null : response.payload, {
        status: response.statusCode,
        headers: responseHeaders,
      });
    };

  const storeFetch = fetchIn(new Map());
  const createApi = (options: Omit<EditorApiOptions, "fetch"> = {}) =>
    createEditorApi({ ...options, fetch: storeFetch });
  const createStrangerApi = () => createEditorApi({ fetch: fetchIn(new Map()) });
  const api = createApi();
  await api.signIn(OWNER_PASSWORD);
  sent.length = 0;

  const all = (collectionId: string) =>
    store
      .query({
        collectionId,
        filter: { type: "and", nodes: [] },
        sort: [],
        offset: 0,
        limit: null,
      })
      .map((item) => item.data as ItemData);

  return {
    api,
    createApi,
    createStrangerApi,
    sent,
    writes: () => sent.filter((request) => request.path.startsWith("/wix-data/v2/items")),
    writeElsewhere(collectionId, itemId, patch) {
      const current = all(collectionId).find((item) => item._id === itemId);
      if (!current) throw new Error(`no item ${collectionId}/${itemId}`);
      clock.ms += 1000;
      store.update(collectionId, itemId, { ...current, ...patch }, clock.ms);
    },
    removeElsewhere(collectionId, itemId) {
      clock.ms += 1000;
      store.remove(collectionId, itemId);
    },
    stored: (collectionId, itemId) => all(collectionId).find((item) => item._id === itemId),
    storedItems: all,
    addMember(email, status = "ACTIVE", reasons = [], passwordHash = null) {
      const id = `member-${email}`;
      clock.ms += 1000;
      createIdentityStore(kit.db).insert({
        id,
        email,
        emailVerified: true,
        passwordHash,
        status,
        reasons,
        profile: {},
        now: clock.ms,
      });
      return id;
    },
    addContactMessage(name, message) {
      clock.ms += 1000;
      const id = `message-${clock.ms}`;
      createContactStore(kit.db).add({
        id,
        name,
        email: "visitor@example.com",
        message,
        createdAt: clock.ms,
      });
      return id;
    },
    messageStatus: (id) =>
      createContactStore(kit.db)
        .list()
        .find((m) => m.id === id)?.status,
    memberStatus: (id) => createIdentityStore(kit.db).byId(id)?.status ?? null,
    clock,
    publishDue: () => void app.draftScheduler.runDue(),
    close: () => app.close(),
  };
}

function keepCookie(cookies: Map<string, string>, line: string): void {
  const [pair = ""] = line.split(";");
  const at = pair.indexOf("=");
  if (at === -1) return;
  const name = pair.slice(0, at).trim();
  const value = pair.slice(at + 1).trim();
  if (value === "" || /max-age=0/i.test(line)) cookies.delete(name);
  else cookies.set(name, value);
}
