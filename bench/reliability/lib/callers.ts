/**
 * @module The kinds of caller the permission matrix and the fuzzer send, as one table: how to
 * get each one's headers from a running store, and which role the store should grant it.
 */
import { decodeJwt, SignJWT } from "jose";
import { type CallerRole, signInOwner } from "../../../apps/store/src/main/testing.ts";
import {
  CLIENT_ID,
  COLLABORATOR_EMAIL,
  OWNER_PASSWORD,
  type ReliabilityStore,
  SIGNING_KEY,
} from "./reliability-store.ts";

export type CallerHeaders = Record<string, string>;

export type CallerKind = {
  name: string;
  /** The caller's headers; absent while the store cannot mint this kind (the row is pending). */
  headers?: (store: ReliabilityStore) => Promise<CallerHeaders>;
  /** Why the row is pending. */
  pending?: string;
  /** The role the store must grant for a request of this method; null: none (401). */
  role: (method: string) => CallerRole | null;
  /** Whether it may use the owner's own editor routes (members, collaborators) with this method. */
  owner: (method: string) => boolean;
  /** Whether it may use the editor's content routes; as `owner` unless given (a collaborator). */
  editor?: (method: string) => boolean;
  /** A collaborator: an admin for content, refused the Data Collections API's changes. */
  contentOnly?: true;
  /**
   * A second member: the seed's items and files are made the first member's own before this
   * caller's requests (giveSeedTo), so every row tries what one member may do to another.
   */
  otherMember?: true;
};

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

async function visitorTokens(store: ReliabilityStore) {
  const response = await store.app.inject({
    method: "POST",
    url: "/oauth2/token",
    payload: { clientId: CLIENT_ID, grantType: "anonymous" },
  });
  return response.json() as { access_token: string; refresh_token: string };
}

/**
 * Signs in with the owner password (with `email`: as that collaborator, whose password the
 * reliability store made the owner's); the session cookie and its CSRF token.
 */
export function ownerSession(store: ReliabilityStore, email?: string) {
  return signInOwner(store.app, {
    password: OWNER_PASSWORD,
    ...(email === undefined ? {} : { email }),
    ip: "198.51.100.20",
  });
}

/** An access token as the store would sign it, with claims and key of our choosing. */
function signToken(key: Uint8Array, claims: Record<string, unknown>, expiresAt: number) {
  const issuedAt = expiresAt - 14_400;
  return new SignJWT({ token_use: "access", role: "visitor", cid: CLIENT_ID, ...claims })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject("someone")
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(key);
}

/** A token signed with a key other than the store's, claiming more than a visitor. */
export function forgedToken(): Promise<string> {
  return signToken(new Uint8Array(32).fill(99), { role: "admin" }, seconds() + 3600);
}

const members = new WeakMap<ReliabilityStore, Promise<string>>();

/**
 * The store's one member, signed on once the way a site's backend does it (a visitor token and
 * the API key; a new member without a password); answers their identity id.
 */
export function seededMember(store: ReliabilityStore): Promise<string> {
  let member = members.get(store);
  if (member === undefined) {
    member = signOn(store);
    members.set(store, member);
  }
  return member;
}

/** The first member's e-mail: no answer to the other member may hold it. */
export const FIRST_MEMBER_EMAIL = "member@example.com";

async function signOn(store: ReliabilityStore, email = FIRST_MEMBER_EMAIL): Promise<string> {
  const response = await store.app.inject({
    method: "POST",
    url: "/_api/iam/authentication/v2/sign-on",
    headers: { authorization: `${await visitorToken(store)},${store.apiKey}` },
    payload: { loginId: { email } },
  });
  if (response.statusCode !== 200) throw new Error(`member sign-on failed: ${response.body}`);
  return (response.json() as { identity: { id: string } }).identity.id;
}

/** An access token of the store's member, from the `authorized_client` grant. */
export async function memberToken(store: ReliabilityStore): Promise<string> {
  return memberTokenOf(store, await seededMember(store));
}

export async function memberTokenOf(store: ReliabilityStore, memberId: string): Promise<string> {
  const response = await store.app.inject({
    method: "POST",
    url: "/oauth2/token",
    headers: { authorization: `${await visitorToken(store)},${store.apiKey}` },
    payload: { clientId: CLIENT_ID, grant_type: "authorized_client", member_id: memberId },
  });
  if (response.statusCode !== 200) throw new Error(`member token failed: ${response.body}`);
  return (response.json() as { access_token: string }).access_token;
}

/** A visitor access token fresh from the store's token endpoint. */
export async function visitorToken(store: ReliabilityStore): Promise<string> {
  return (await visitorTokens(store)).access_token;
}

/**
 * The id the store knows a token's caller by: its subject, which the store makes the
 * `_ownerId` of the items the caller inserts and which `author` scopes reads to
 * (member-share.ts). Read from the token the callers table minted (the matrix trusts its own
 * tokens; the store's check of them is what the matrix tests). Null without a token: a session
 * cookie or the API key, whose caller is the site's owner.
 */
export function tokenSubjectOf(headers: CallerHeaders): string | null {
  const [token] = (headers.authorization ?? "").split(",");
  try {
    const { sub } = decodeJwt(token ?? "");
    return typeof sub === "string" ? sub : null;
  } catch {
    return null;
  }
}

const nobody = () => null;
const never = () => false;
const seconds = () => Math.floor(Date.now() / 1000);

export const CALLER_KINDS: CallerKind[] = [
  { name: "no token", headers: async () => ({}), role: nobody, owner: never },
  {
    name: "visitor",
    headers: async (store) => ({ authorization: (await visitorTokens(store)).access_token }),
    role: () => "visitor",
    owner: never,
  },
  {
    name: "member",
    headers: async (store) => ({ authorization: await memberToken(store) }),
    role: () => "member",
    owner: never,
  },
  {
    name: "other member",
    headers: async (store) => {
      const otherId = await signOn(store, "second@example.com");
      return { authorization: await memberTokenOf(store, otherId) };
    },
    role: () => "member",
    owner: never,
    otherMember: true,
  },
  {
    name: "owner session",
    headers: async (store) => {
      const session = await ownerSession(store);
      return { cookie: session.cookie, "x-csrf-token": session.csrfToken };
    },
    role: () => "admin",
    owner: () => true,
  },
  {
    name: "owner cookie, no CSRF",
    headers: async (store) => ({ cookie: (await ownerSession(store)).cookie }),
    role: (method) => (SAFE.has(method) ? "admin" : null),
    owner: (method) => SAFE.has(method),
  },
  {
    name: "collaborator session",
    headers: async (store) => {
      const session = await ownerSession(store, COLLABORATOR_EMAIL);
      return { cookie: session.cookie, "x-csrf-token": session.csrfToken };
    },
    role: () => "admin",
    owner: never,
    editor: () => true,
    contentOnly: true,
  },
  {
    name: "API key",
    headers: async (store) => ({ authorization: store.apiKey }),
    role: () => "admin",
    owner: never,
  },
  {
    name: "forged token",
    headers: async () => ({
      authorization: await signToken(
        new Uint8Array(32).fill(99),
        { role: "admin" },
        seconds() + 3600,
      ),
    }),
    role: nobody,
    owner: never,
  },
  {
    name: "expired token",
    headers: async () => ({ authorization: await signToken(SIGNING_KEY, {}, seconds() - 3600) }),
    role: nobody,
    owner: never,
  },
  {
    name: "refresh token as access",
    headers: async (store) => ({ authorization: (await visitorTokens(store)).refresh_token }),
    role: nobody,
    owner: never,
  },
  {
    name: "unsigned token (alg none)",
    headers: async () => ({
      authorization: `${Buffer.from('{"alg":"none","typ":"JWT"}').toString("base64url")}.${Buffer.from(
        JSON.stringify({
          token_use: "access",
          role: "visitor",
          cid: CLIENT_ID,
          sub: "x",
          exp: seconds() + 3600,
        }),
      ).toString("base64url")}.`,
    }),
    role: nobody,
    owner: never,
  },
];
