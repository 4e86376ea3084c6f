/**
 * @module The staff who may read the analytics dashboard, signed in on an owner kit's store:
 * the owner and a collaborator (an editor identity with a password), with short GET calls.
 */
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { createIdentityStore } from "../../identity/storage/identity-store.ts";
import type { Db } from "../../platform/db/sql-db.ts";
import { identityRow } from "./identity-rows.ts";
import { type OwnerKit, ownerPasswordHash, type SignedIn, signInOwner } from "./owner-signed-in.ts";

export const COLLABORATOR_EMAIL = "assistant@example.com";
const COLLABORATOR_PASSWORD = "the assistant's own long password";

/** Adds an active collaborator with a password and signs them in. */
export async function signedInCollaborator(kit: OwnerKit): Promise<SignedIn> {
  createIdentityStore(kit.db).insert(
    identityRow("collaborator-1", COLLABORATOR_EMAIL, {
      role: "editor",
      passwordHash: await ownerPasswordHash(COLLABORATOR_PASSWORD),
    }),
  );
  return signInOwner(kit.app, { email: COLLABORATOR_EMAIL, password: COLLABORATOR_PASSWORD });
}

/** A GET as `who` (or as nobody signed in). */
export function staffGet(
  kit: OwnerKit,
  url: string,
  who: SignedIn | null,
): Promise<LightMyRequestResponse> {
  return who === null
    ? kit.app.inject({ method: "GET", url })
    : kit.asOwner(who, { method: "GET", url });
}

/** A person's browsers, as their user agents name them. */
export const DESKTOP_CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
export const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
export const HEADLESS_CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36";
export const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

export type BeaconFrom = {
  ip?: string;
  userAgent?: string;
  headers?: Record<string, string>;
  cookie?: string;
};

/** `POST /a/e` as `navigator.sendBeacon` sends a string (text/plain, same origin). */
export function sendBeacon(
  app: FastifyInstance,
  body: string | Record<string, unknown>,
  from: BeaconFrom = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: "POST",
    url: "/a/e",
    remoteAddress: from.ip ?? "198.51.100.1",
    headers: {
      host: "consultant.example",
      "content-type": "text/plain;charset=UTF-8",
      "user-agent": from.userAgent ?? DESKTOP_CHROME,
      "sec-fetch-site": "same-origin",
      ...(from.cookie === undefined ? {} : { cookie: from.cookie }),
      ...from.headers,
    },
    payload: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** A GET of `url` from a visitor's browser. */
export function visitorGet(
  app: FastifyInstance,
  url: string,
  from: BeaconFrom = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: "GET",
    url,
    remoteAddress: from.ip ?? "198.51.100.1",
    headers: {
      host: "consultant.example",
      "user-agent": from.userAgent ?? DESKTOP_CHROME,
      ...(from.cookie === undefined ? {} : { cookie: from.cookie }),
      ...from.headers,
    },
  });
}

/** How many raw events the tables hold (after the node's batch is stored). */
export function storedEvents(app: FastifyInstance, db: Db): number {
  app.analytics.flush();
  const row = db.prepare("SELECT COUNT(*) AS n FROM analytics_events").get() as { n: number };
  return Number(row.n);
}
