/**
 * @module The site's owner signed in to the editor, for every test that needs them: the password
 * set on a database (hashed once per process), the sign-in call (in this process or over HTTP),
 * the session cookie and CSRF token it answers, and requests made with them. `createOwnerKit`
 * builds an app on a test database with the password already set; `ownerWithEmail` signs the
 * owner in on a member kit's store and gives them an e-mail address.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import {
  createItemsStore,
  type ItemData,
  type ItemsStore,
} from "../../data/storage/items-store.ts";
import { hashPassword } from "../../identity/password.ts";
import { createIdentityStore } from "../../identity/storage/identity-store.ts";
import { createOwnerCredentials } from "../../owner/credentials.ts";
import type { OwnerConfig } from "../../owner/owner-config.ts";
import type { TrustProxy } from "../../platform/config.ts";
import type { Db } from "../../platform/db/sql-db.ts";
import type { Semaphore } from "../../platform/limits/semaphore.ts";
import { type CreateAppOptions, createApp } from "../app.ts";
import { identityRow } from "./identity-rows.ts";
import { openTestDb } from "./test-db.ts";

export const OWNER_PASSWORD = "a long and silly test password";
export const OWNER_EMAIL = "owner@example.com";
export const KIT_START_MS = Date.parse("2025-03-01T09:00:00.000Z");
/** Where the kit's sign-ins come from (a documentation address). */
const OWNER_IP = "203.0.113.7";

/** The owner's session: its cookie (name=value) and the CSRF token the editor sends back. */
export type SignedIn = { cookie: string; csrfToken: string };

const hashes = new Map<string, Promise<string>>();

/** The argon2id hash of an owner password, computed once per password and process. */
export function ownerPasswordHash(password = OWNER_PASSWORD): Promise<string> {
  let hash = hashes.get(password);
  if (hash === undefined) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

/** Sets the owner's password on `db`, as `npm run store -- owner set-password` does. */
export async function setOwnerPassword(
  db: Db,
  { password = OWNER_PASSWORD, now = Date.now }: { password?: string; now?: () => number } = {},
): Promise<void> {
  createOwnerCredentials(db, now).setPasswordHash(await ownerPasswordHash(password));
}

/** Gives the owner `email`, adding their identity row (without a password) if there is none. */
export function ownerHasEmail(db: Db, email = OWNER_EMAIL, now = 0): void {
  const identities = createIdentityStore(db);
  if (identities.withRole("owner").length === 0) {
    identities.insert(identityRow("owner", email, { now, role: "owner" }));
  } else {
    identities.setEmail("owner", email, now);
  }
}

/** The session cookie (name=value) from a response's Set-Cookie header. */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  const header = response.headers["set-cookie"];
  const line = Array.isArray(header) ? header[0] : header;
  if (!line) throw new Error("no Set-Cookie in the response");
  return line.split(";")[0] ?? "";
}

export type SignInOptions = {
  password?: string;
  /** A collaborator's address; the owner signs in with the password alone. */
  email?: string;
  /** The caller's address. */
  ip?: string;
};

const signInBody = ({ password = OWNER_PASSWORD, email }: SignInOptions) =>
  email === undefined ? { password } : { password, email };

/** POST /admin/api/sign-in through `app.inject`: the answer, whatever it is. */
export function ownerSignIn(
  app: FastifyInstance,
  options: SignInOptions = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: "POST",
    url: "/admin/api/sign-in",
    payload: signInBody(options),
    remoteAddress: options.ip ?? OWNER_IP,
  });
}

/** Signs in through `app.inject`: the session; throws unless the store answers 200. */
export async function signInOwner(
  app: FastifyInstance,
  options: SignInOptions = {},
): Promise<SignedIn> {
  const response = await ownerSignIn(app, options);
  if (response.statusCode !== 200) throw new Error(`owner sign-in failed: ${response.body}`);
  return {
    cookie: sessionCookieOf(response),
    csrfToken: (response.json() as { csrfToken: string }).csrfToken,
  };
}

/** Signs in over HTTP to the store listening at `base`: the session; throws unless 200. */
export async function signInOwnerAt(base: string, options: SignInOptions = {}): Promise<SignedIn> {
  const response = await fetch(`${base}/admin/api/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(signInBody(options)),
  });
  const text = await response.text();
  if (response.status !== 200)
    throw new Error(`owner sign-in failed (${response.status}): ${text}`);
  return {
    cookie: (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "",
    csrfToken: (JSON.parse(text) as { csrfToken: string }).csrfToken,
  };
}

/** The headers of a request as the signed-in owner. */
export function ownerHeaders(owner: SignedIn): Record<string, string> {
  return { cookie: owner.cookie, "x-csrf-token": owner.csrfToken };
}

/** A request as the signed-in owner; the CSRF header is sent unless `csrf: false`. */
export function asOwner(
  app: FastifyInstance,
  owner: SignedIn,
  { csrf = true, headers, ...rest }: InjectOptions & { csrf?: boolean },
): Promise<LightMyRequestResponse> {
  return app.inject({
    ...rest,
    headers: {
      ...headers,
      cookie: owner.cookie,
      ...(csrf ? { "x-csrf-token": owner.csrfToken } : {}),
    },
  });
}

export type OwnerCalls = (
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: unknown,
) => Promise<LightMyRequestResponse>;

/** Short calls as the signed-in owner: a method, a URL and the JSON body, if any. */
export function ownerCalls(app: FastifyInstance, owner: SignedIn): OwnerCalls {
  return (method, url, payload) =>
    asOwner(app, owner, {
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

/** A store under test: its app, its database and the clock it was given. */
export type StoreUnderTest = { app: FastifyInstance; db: Db; clock?: { ms: number } };

/** Sets the owner password on `store`'s database and signs in: the session and calls with it. */
export async function ownerSignedIn(
  store: StoreUnderTest,
  options: SignInOptions = {},
): Promise<SignedIn & { call: OwnerCalls }> {
  const { clock } = store;
  await setOwnerPassword(store.db, {
    ...(options.password === undefined ? {} : { password: options.password }),
    ...(clock === undefined ? {} : { now: () => clock.ms }),
  });
  const owner = await signInOwner(store.app, options);
  return { ...owner, call: ownerCalls(store.app, owner) };
}

/** Signs the owner in on `store` and gives them `email` (who the approval alerts reach). */
export async function ownerWithEmail(
  store: StoreUnderTest,
  email = OWNER_EMAIL,
): Promise<OwnerCalls> {
  const { call } = await ownerSignedIn(store);
  const set = await call("PUT", "/admin/api/account/email", { email, password: OWNER_PASSWORD });
  if (set.statusCode !== 200) throw new Error(`owner e-mail not set: ${set.body}`);
  return call;
}

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

/** An app on a test database with the owner password set (unless `password: null`) and a clock. */
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
  if (password !== null) await setOwnerPassword(db, { password, now });
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
  const signIn = (candidate = OWNER_PASSWORD, ip = OWNER_IP) =>
    ownerSignIn(app, { password: candidate, ip });
  return {
    app,
    db,
    store,
    clock,
    signIn,
    signedIn: () => signInOwner(app),
    asOwner: (owner, request) => asOwner(app, owner, request),
    insert(collectionId, items) {
      for (const data of items) store.insert(collectionId, data, { now: clock.ms, ownerId: "o" });
    },
  };
}
