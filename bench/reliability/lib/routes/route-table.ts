/**
 * @module Every route of the store as one table, shared by the HTTP fuzzer and the permission
 * matrix, assembled from one file per route family. A new route (the identity routes, say) is
 * one row in its family's file; the coverage tests fail until it has one.
 */
import { ANALYTICS_ROWS } from "./analytics-rows.ts";
import { BOOKING_PAGE_ROWS } from "./booking-page-rows.ts";
import { BOOKING_ROWS } from "./booking-rows.ts";
import { BULK_ROWS } from "./bulk-rows.ts";
import { COLLECTION_ROWS } from "./collection-rows.ts";
import { CONTACT_ROWS } from "./contact-rows.ts";
import { DRAFTS_ROWS } from "./drafts-rows.ts";
import { OWNER_ROWS } from "./editor-rows.ts";
import { FILE_ROWS } from "./file-rows.ts";
import { GRAPHQL_ROWS } from "./graphql-rows.ts";
import { HOSTILE_GRAPHQL_ROWS, HOSTILE_READ_ROWS } from "./hostile-read-rows.ts";
import { IDENTITY_MATRIX_ROWS, IDENTITY_ROWS } from "./identity-rows.ts";
import { INVITE_ROWS, NOTICE_ROWS } from "./invite-rows.ts";
import { ITEM_ROWS, NOT_OFFERED_ROWS, TRUNCATE_ROW } from "./item-rows.ts";
import { MEMBER_ADMIN_ROWS } from "./member-admin-rows.ts";
import { PASSKEY_MATRIX_ROWS, PASSKEY_SESSION_ROWS } from "./passkey-rows.ts";
import { PUBLIC_ROWS, SESSION_ROWS } from "./public-rows.ts";
import { REFERENCE_ROWS } from "./reference-rows.ts";
import { REVIEW_ROWS } from "./review-rows.ts";
import { ITEMS_PREFIXES, type RouteRow, type Target } from "./route-row.ts";
import { SECURITY_ROWS, SECURITY_SESSION_ROWS } from "./security-rows.ts";
import { OWNER_ONLY_ROWS } from "./staff-rows.ts";

/** Data items v2, in the order the fuzzer's seeds were drawn against; truncate runs last. */
const DATA_ITEMS_ROWS: RouteRow[] = [
  ...ITEM_ROWS,
  ...HOSTILE_READ_ROWS,
  ...BULK_ROWS,
  ...REFERENCE_ROWS,
  TRUNCATE_ROW,
  ...NOT_OFFERED_ROWS,
];

/** The rows the matrix runs under every permission setting of the collection. */
const ROWS_UNDER_EVERY_SETTING: RouteRow[] = [
  ...IDENTITY_MATRIX_ROWS,
  ...PUBLIC_ROWS,
  ...OWNER_ROWS,
  ...MEMBER_ADMIN_ROWS,
  ...OWNER_ONLY_ROWS,
  ...CONTACT_ROWS,
  ...ANALYTICS_ROWS,
  ...BOOKING_ROWS,
  ...BOOKING_PAGE_ROWS,
  ...INVITE_ROWS,
  ...NOTICE_ROWS,
  ...DRAFTS_ROWS,
  ...REVIEW_ROWS,
  ...FILE_ROWS,
  ...PASSKEY_MATRIX_ROWS,
  ...GRAPHQL_ROWS,
  ...HOSTILE_GRAPHQL_ROWS,
  ...[...DATA_ITEMS_ROWS, ...COLLECTION_ROWS].map((row) => ({ ...row, items: true as const })),
  ...SECURITY_ROWS,
];

/** Sign-in, session and account calls: each caller once, whatever the collection's permissions. */
const once = (rows: readonly RouteRow[]) =>
  rows.map((row) => ({ ...row, oncePerCaller: true as const }));

/**
 * Every row the permission matrix runs: every route of the store, the identity service's
 * (sign-in, sign-up, codes, recovery, redirect sessions, the member pages, passkeys) and the
 * editor's sign-in and session calls among them.
 */
export const MATRIX_ROWS: RouteRow[] = [
  ...ROWS_UNDER_EVERY_SETTING,
  ...once([...SESSION_ROWS, ...PASSKEY_SESSION_ROWS, ...SECURITY_SESSION_ROWS, ...IDENTITY_ROWS]),
];

/** Every row of the store, in the order the fuzzer's seeds were drawn against. */
export const ROUTE_ROWS: RouteRow[] = [
  ...ROWS_UNDER_EVERY_SETTING,
  ...SESSION_ROWS,
  ...PASSKEY_SESSION_ROWS,
  // Last: the member's deletion removes the fuzzer's member.
  ...SECURITY_SESSION_ROWS,
];

/** The row's request with the items prefix applied. */
export function requestFor(row: RouteRow, target: Target, prefix: string = ITEMS_PREFIXES[0]) {
  const request = row.example(target);
  return { ...request, url: row.items ? `${prefix}${request.url}` : request.url };
}

/** `METHOD pattern` keys of every route the table names (both prefixes for items routes). */
export function tableRouteKeys(rows: readonly RouteRow[] = ROUTE_ROWS): Set<string> {
  return new Set(
    rows.flatMap((row) =>
      row.items
        ? ITEMS_PREFIXES.map((prefix) => `${row.method} ${prefix}${row.pattern}`)
        : [`${row.method} ${row.pattern}`],
    ),
  );
}
