/**
 * @module What an answer of the permission matrix shows that its caller may not see: a seeded
 * item's text, a members-only referenced item's, the first member's marks, or a count of items
 * beyond the caller's own. Counts carry no text, so they are judged as numbers.
 */
import { REFERENCED_MARK, SECRET_MARK } from "../lib/reliability-store.ts";
import type { RouteRow } from "../lib/routes/route-row.ts";

/** The rules' word on a caller's request on a row: allowed, refused, or allowed on its own items. */
export type Permission = "yes" | "no" | "own";

/** What the matrix knows of one cell before judging its answer. */
export type CellView = {
  row: RouteRow;
  /** The rules' word on this caller's request on this row (permissionOf). */
  permission: Permission;
  /** Whether the collection's read permission admits this caller to every seeded item. */
  mayReadSeed: boolean;
  /** The same for the referenced collection. */
  mayReadReferenced: boolean;
  /** Neither an admin's nor the first member's rights: nothing of the first member's is theirs. */
  stranger: boolean;
  /** The first member's id, e-mail, session ids (and file name): see first-member.ts. */
  firstMemberMarks: readonly string[];
  /**
   * How many items of the row's collection the caller itself owns, asked only when a count is
   * judged (a database read).
   */
  ownItems: () => number;
};

/**
 * The numbers in a `countsIn` row's answer above `ownItems`: a caller held to its own items
 * whose count, total, groups or page exceed them has counted someone else's.
 */
export function countsBeyond(row: RouteRow, body: string, ownItems: number): number[] {
  if (row.countsIn === undefined) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return [];
  }
  return row.countsIn(parsed).filter((count) => count > ownItems);
}

/**
 * Why this answer shows what its caller may not see, or null when it shows nothing of that.
 * Counts are held to the caller's own items in an `own` cell (a member under `author`) and in
 * any cell whose caller the read permission refuses the seed (a visitor under `member`).
 */
export function whatItReveals(cell: CellView, body: string): string | null {
  const { row, permission } = cell;
  // Routes open to anyone (the page, the token endpoint, GraphQL's schema...) must not show a
  // seeded item to a caller the collection's read permission refuses.
  if (row.access.kind !== "data" && !cell.mayReadSeed && body.includes(SECRET_MARK)) {
    return "a seeded item's text";
  }
  // Nor, through a reference, an item of a collection the caller may not read.
  if (!cell.mayReadReferenced && body.includes(REFERENCED_MARK)) {
    return "a members-only referenced item's text";
  }
  // An item's owner field is readable where the item is: data rows answer to SECRET_MARK.
  if (
    cell.stranger &&
    row.access.kind !== "data" &&
    cell.firstMemberMarks.some((mark) => body.includes(mark))
  ) {
    return "the first member's id, e-mail, sessions or files";
  }
  if (permission !== "yes" && body.includes(SECRET_MARK)) return "a seeded item's text";
  if (row.countsIn !== undefined && (permission !== "yes" || !cell.mayReadSeed)) {
    const own = cell.ownItems();
    const beyond = countsBeyond(row, body, own);
    if (beyond.length > 0) {
      return `counts ${beyond.join(", ")} where the caller owns ${own} item(s)`;
    }
  }
  return null;
}
