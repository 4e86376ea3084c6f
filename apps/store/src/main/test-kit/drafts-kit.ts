/** Drafts tests: the owner kit on a stand-in site, with the drafts API as short calls. */
import type { LightMyRequestResponse } from "fastify";
import { createOwnerKit, type OwnerKit, type SignedIn } from "./owner-signed-in.ts";
import { writeStandInSite } from "./stand-in-site.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

export type DraftsKit = OwnerKit & {
  owner: SignedIn;
  /** A call of the owner's API (`/admin` + path) as the signed-in owner. */
  call(
    method: "GET" | "PUT" | "POST" | "DELETE",
    path: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
  /** Saves one put draft of `collectionId`'s item `itemId`; throws unless 200. */
  draft(
    collectionId: string,
    itemId: string,
    data: Record<string, unknown>,
    publishAt?: string,
  ): Promise<void>;
  /** The embedded content of the stand-in page at `url` (the page is that JSON). */
  pageContent(url?: string): Promise<Record<string, Record<string, unknown>[]>>;
};

export async function createDraftsKit(
  options: Parameters<typeof createOwnerKit>[0] = {},
): Promise<DraftsKit> {
  // Sessions that outlast the days the tests move the clock by.
  const owner = { sessionIdleMs: 90 * DAY_MS, sessionMaxAgeMs: 90 * DAY_MS, ...options.owner };
  const kit = await createOwnerKit({ siteDir: writeStandInSite(), ...options, owner });
  const signedIn = await kit.signedIn();
  const call: DraftsKit["call"] = (method, path, payload) =>
    kit.asOwner(signedIn, {
      method,
      url: `/admin${path}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    ...kit,
    owner: signedIn,
    call,
    async draft(collectionId, itemId, data, publishAt) {
      const response = await call("PUT", "/api/drafts", {
        collectionId,
        changes: [{ itemId, kind: "put", data, ...(publishAt ? { publishAt } : {}) }],
      });
      if (response.statusCode !== 200) throw new Error(`draft not saved: ${response.body}`);
    },
    async pageContent(url = "/") {
      const page = await kit.app.inject({ method: "GET", url });
      const body = /<body>(.*)<\/body>/s.exec(page.body)?.[1] ?? "{}";
      return JSON.parse(body.replace(/^<p class="store-preview-banner"[^<]*<\/p>/, ""));
    },
  };
}
