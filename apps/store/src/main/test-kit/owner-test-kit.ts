/** Test kit for the owner editor: an app with a set password, a clock and signed-in requests. */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import {
  createItemsStore,
  type ItemData,
  type ItemsStore,
} from "../../data/storage/items-store.ts";
import { hashPassword } from "../../identity/password.ts";
import { createOwnerCredentials } from "../../owner/credentials.ts";
import type { OwnerConfig } from "../../owner/owner-config.ts";
import type { TrustProxy } from "../../platform/config.ts";
import type { Db } from "../../platform/db/sql-db.ts";
import type { Semaphore } from "../../platform/limits/semaphore.ts";
import { type CreateAppOptions, createApp } from "../app.ts";
import { openTestDb } from "./test-db.ts";

export const OWNER_PASSWORD = "a long and silly test password";
export const KIT_START_MS = Date.parse("2025-03-01T09:00:00.000Z");

export type SignedIn = { cookie: string; csrfToken: string };

export type OwnerKit = {
  app: FastifyInstance;
  db: Db;
  store: ItemsStore;
  clock: { ms: number };
  signIn: (password?: string, ip?: string) => Promise<LightMyRequestResponse>;
  signedIn: () => Promise<SignedIn>;
  /** A request as the signed-in owner; the CSRF header is sent unless `csrf: false`. */
  asOwner: (
    owner: SignedIn,
    options: InjectOptions & { csrf?: boolean },
  ) => Promise<LightMyRequestResponse>;
  insert: (collectionId: string, items: ItemData[]) => void;
};

/** The session cookie (name=value) from a response's Set-Cookie header. */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  const header = response.headers["set-cookie"];
  const line = Array.isArray(header) ? header[0] : header;
  if (!line) throw new Error("no Set-Cookie in the response");
  return line.split(";")[0] ?? "";
}

/** A built-site stand-in: renderPage writes the content as JSON into the template. */
export function createFakeSite(): string {
  const dir = mkdtempSync(join(tmpdir(), "owner-site-"));
  mkdirSync(join(dir, "server"));
  mkdirSync(join(dir, "client"));
  writeFileSync(
    join(dir, "server", "entry-server.js"),
    'export function renderPage(template, content) { return template.replace("<!--app-html-->", JSON.stringify(content)); }\n',
  );
  writeFileSync(join(dir, "client", "index.html"), "<html><body><!--app-html--></body></html>");
  writeFileSync(
    join(dir, "client", "admin.html"),
    '<html><body><div id="admin"></div></body></html>',
  );
  return dir;
}

export async function createOwnerKit(
  options: {
    password?: string | null;
    owner?: Partial<OwnerConfig>;
    siteDir?: string;
    trustProxy?: TrustProxy;
    passwordVerifications?: Semaphore;
    /** Picture uploads and `/media/` (off unless given). */
    media?: CreateAppOptions["media"];
    /** The contact form's limits and timings. */
    contact?: CreateAppOptions["contact"];
    /** CDN_PURGE_URL (off unless given). */
    purgeUrl?: string;
    /** PUBLIC_URL, the origin of mailed and preview links. */
    publicUrl?: string;
  } = {},
): Promise<OwnerKit> {
  const db = openTestDb();
  const clock = { ms: KIT_START_MS };
  const now = () => clock.ms;
  const password = options.password === undefined ? OWNER_PASSWORD : options.password;
  if (password !== null) {
    createOwnerCredentials(db, now).setPasswordHash(await hashPassword(password));
  }
  const app = createApp({
    db,
    config: { clientId: "test-client", signingKey: new Uint8Array(32).fill(9) },
    now,
    owner: options.owner,
    trustProxy: options.trustProxy,
    passwordVerifications: options.passwordVerifications,
    media: options.media,
    contact: options.contact,
    purgeUrl: options.purgeUrl ?? null,
    ...(options.publicUrl ? { identity: { config: { publicUrl: options.publicUrl } } } : {}),
    ...(options.siteDir ? { site: { dir: options.siteDir } } : {}),
  });
  app.addHook("onClose", async () => db.close());
  const store = createItemsStore(db);

  const signIn = (candidate = OWNER_PASSWORD, ip = "203.0.113.7") =>
    app.inject({
      method: "POST",
      url: "/admin/api/sign-in",
      payload: { password: candidate },
      remoteAddress: ip,
    });

  return {
    app,
    db,
    store,
    clock,
    signIn,
    async signedIn() {
      const response = await signIn();
      if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
      return {
        cookie: sessionCookieOf(response),
        csrfToken: (response.json() as { csrfToken: string }).csrfToken,
      };
    },
    asOwner(owner, { csrf = true, headers, ...rest }) {
      return app.inject({
        ...rest,
        headers: {
          ...headers,
          cookie: owner.cookie,
          ...(csrf ? { "x-csrf-token": owner.csrfToken } : {}),
        },
      });
    },
    insert(collectionId, items) {
      for (const data of items) store.insert(collectionId, data, { now: clock.ms, ownerId: "o" });
    },
  };
}
