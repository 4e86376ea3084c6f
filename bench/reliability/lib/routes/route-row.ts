/**
 * @module The shape of a row of the store's route table (routes/route-table.ts), shared by the
 * HTTP fuzzer and the permission matrix: a row names the route as Fastify registers it, who may
 * call it, and a well-formed request.
 */
import type { Action } from "../../../../apps/store/src/main/testing.ts";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";

/**
 * Who a route admits:
 * - `data`: the caller's role against the collection's permission for `action`;
 * - `owner`: the owner's editor session only (its CSRF header on state changes): members,
 *   their settings, collaborators, the owner's account;
 * - `staff`: the editor's content routes: the owner's or a collaborator's session;
 * - `public`: anyone (token endpoint, page, static files, session state, sign-in);
 * - `refused`: nobody gets a 2xx (calls the store does not offer);
 * - `callers`: the named kinds of caller only (lib/callers.ts), e.g. a member on their account;
 *   `own`: kinds that may call it on their own account (a second member): a 2xx is allowed, but
 *   they may change only the row's `mayWrite` tables and nothing of the first member's, and see
 *   nothing of the first member's;
 * - `stateful`: anyone, and the answer depends on what the body proves (a password, a code, a
 *   state token), not on the caller: any status; a caller without an admin's rights may change
 *   only the row's `mayWrite` tables, and nothing of the first member's (the identity service);
 * - `role`: any caller the store grants at least this role (the Data Collections API: any
 *   credential reads definitions, admins change them).
 */
export type RouteAccess =
  | { kind: "data"; action: Action }
  | { kind: "owner" }
  | { kind: "staff" }
  | { kind: "public" }
  | { kind: "refused" }
  | { kind: "callers"; names: readonly string[]; own?: readonly string[] }
  | { kind: "stateful" }
  | { kind: "role"; role: "visitor" | "admin" };

/** The names a request may use: the collection and an item that exists in it. */
export type Target = {
  collection: string;
  /** An item of `collection` only this row's request touches. */
  id: string;
  /** An item of the referenced collection for reference calls. */
  referencedId: string;
  /** A version in the history of `id`, which the seed removed (for the editor's restore). */
  versionId: number;
  /** The OAuth client id the store accepts. */
  clientId: string;
  /** The member the matrix's member caller signs in as (identity rows act on them). */
  memberId?: string;
  /** A member waiting for approval whom only this row's request touches (the owner's Members routes). */
  waitingMemberId: string;
  /** A collection created over the wire (permissions all admin) only this row's request touches. */
  madeCollection: string;
  /** A collection id no collection has yet, for this row's create. */
  freeCollection: string;
  /** A contact form message only this row's request touches (the owner's Messages routes). */
  messageId: string;
  /**
   * This row's seeded booking (booking-seed.ts): its action token, as the store signs them, and
   * the instant the row's free slots count from.
   */
  booking?: { token: string; from: number };
};

export type RouteRequest = {
  url: string;
  body?: unknown;
  /** Headers the body needs (a picture's Content-Type); JSON otherwise. */
  headers?: Record<string, string>;
};

/**
 * A small picture for the upload row (an SVG, so that the row also runs the sanitizer); the
 * store is seeded with its file for the `/media/` row.
 */
export const SAMPLE_PICTURE =
  '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>';

export type RouteRow = {
  /** Unique, readable name (the matrix's row label). */
  name: string;
  method: Method;
  /** The pattern Fastify registers, without the items prefix for items routes. */
  pattern: string;
  /** Served under both data-items prefixes (`/wix-data/v2` and `/v2`). */
  items?: true;
  access: RouteAccess;
  /** A well-formed request; `url` is relative to the prefix for items routes. */
  example: (target: Target) => RouteRequest;
  /** The seed removes this row's item, so its history holds a version to restore. */
  removedItem?: true;
  /** It empties the collection: run it after the other rows. */
  emptiesCollection?: true;
  /**
   * It ends something the matrix's callers hold, so it runs after every other row, in this
   * order: `sessions` ends the caller's other sessions, `account` deletes the caller's account,
   * `sign-out` ends the caller's own session.
   */
  endsCaller?: "sessions" | "account" | "sign-out";
  /**
   * Its example cannot succeed for anyone (a browser's WebAuthn answer, an id no row has): the
   * matrix holds it to refusing, changing and showing what the caller may not, not to a 2xx.
   */
  exampleFails?: true;
  /** It answers with a redirect (an old address): a 3xx is its success. */
  redirects?: true;
  /** It does not depend on the collection's permissions: the matrix runs it under one setting. */
  oncePerCaller?: true;
  /**
   * Tables a request without credentials may change on purpose (a member's sign-up writes their
   * identity); the fuzzer's "nothing changed" check compares every other table.
   */
  mayWrite?: readonly string[];
  /**
   * Read rows whose answer counts the collection's items (a count, a total, groups, distinct
   * values, the items of a page): how to read those numbers from the parsed JSON answer
   * (counts-in.ts). Counts carry no text of the items, so for a caller who may reach only its
   * own items, or none (an `own` cell, a caller the read permission refuses), the matrix holds
   * each number to at most the items of the row's collection that caller owns.
   */
  countsIn?: (body: unknown) => number[];
};

/** Data items v2 under its full path and its service-path alias (docs/protocol.md §2). */
export const ITEMS_PREFIXES = ["/wix-data/v2", "/v2"] as const;

/** Admitted by the caller's role against the collection's permission for `action`. */
export const data = (action: Action): RouteAccess => ({ kind: "data", action });
export const enc = encodeURIComponent;
/** The headers of a form a browser posts without JavaScript. */
export const FORM = { "content-type": "application/x-www-form-urlencoded" };
