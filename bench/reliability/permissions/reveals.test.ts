import { describe, expect, test } from "vitest";
import type { Target } from "../lib/routes/route-row.ts";
import { MATRIX_ROWS } from "../lib/routes/route-table.ts";
import type { Permission } from "./reveals.ts";
import { type CellView, whatItReveals } from "./reveals.ts";

const rowNamed = (name: string) => {
  const row = MATRIX_ROWS.find((candidate) => candidate.name === name);
  if (row === undefined) throw new Error(`no matrix row ${name}`);
  return row;
};

/** A member under `author` (an `own` cell) who owns `ownItems` items of the collection. */
const ownCell = (name: string, ownItems: number, permission: Permission = "own"): CellView => ({
  row: rowNamed(name),
  permission,
  mayReadSeed: permission === "yes",
  mayReadReferenced: permission === "yes",
  stranger: false,
  firstMemberMarks: ["first-member-id"],
  ownItems: () => ownItems,
});

const answer = (value: unknown) => JSON.stringify(value);

const SAMPLE_TARGET: Target = {
  collection: "Vault",
  id: "t0",
  referencedId: "r0",
  versionId: 0,
  clientId: "reliability",
  waitingMemberId: "m0",
  madeCollection: "Made0",
  freeCollection: "New0",
  messageId: "c0",
};

describe("a count that reveals others' items to a caller held to its own is flagged", () => {
  test("items/count counting the seed for a member who owns one item", () => {
    expect(whatItReveals(ownCell("count", 1), answer({ totalCount: 3 }))).toBe(
      "counts 3 where the caller owns 1 item(s)",
    );
  });

  test("a query's total beyond the page the member may see", () => {
    const body = answer({ dataItems: [], pagingMetadata: { count: 0, offset: 0, total: 2 } });
    expect(whatItReveals(ownCell("query: _ownerId of someone else", 0), body)).toContain(
      "counts 2",
    );
  });

  test("aggregate groups more than the member's own items could form", () => {
    // Two groups of one item each (no text of the items: the group key is left out): the
    // groups, the page's count and the items counted are each 2.
    const body = answer({ results: [{ n: 1 }, { n: 1 }], pagingMetadata: { count: 2 } });
    expect(whatItReveals(ownCell("aggregate", 1), body)).toBe(
      "counts 2, 2, 2 where the caller owns 1 item(s)",
    );
    // Three groups alone, whatever their counts say, are more than two items could form.
    const groups = answer({ results: [{}, {}, {}] });
    expect(whatItReveals(ownCell("aggregate: grouped by the secret", 2), groups)).toBe(
      "counts 3 where the caller owns 2 item(s)",
    );
  });

  test("distinct values beyond the member's own items", () => {
    const body = answer({ distinctValues: [null, "a", "b"], pagingMetadata: { count: 3 } });
    expect(whatItReveals(ownCell("distinct", 2), body)).toContain("counts 3, 3");
  });

  test("GraphQL count of the first member's items", () => {
    const cell = ownCell("graphql count: the first member's items", 0);
    expect(whatItReveals(cell, answer({ data: { count: 5 } }))).toContain("counts 5");
  });

  test("a visitor under `member` (refused the seed) whose count is not zero", () => {
    expect(whatItReveals(ownCell("count", 0, "no"), answer({ totalCount: 1 }))).not.toBeNull();
  });
});

describe("a count within the caller's own items is accepted", () => {
  test("items/count equal to the member's own items", () => {
    expect(whatItReveals(ownCell("count", 2), answer({ totalCount: 2 }))).toBeNull();
  });

  test("aggregate of the member's own items and a query of them with its total", () => {
    const groups = answer({ results: [{ n: 2 }, { n: 1 }], pagingMetadata: { count: 2 } });
    expect(whatItReveals(ownCell("aggregate", 3), groups)).toBeNull();
    const page = answer({ dataItems: [{}, {}], pagingMetadata: { count: 2, total: 2 } });
    expect(whatItReveals(ownCell("query", 2), page)).toBeNull();
  });

  test("any count for a caller the read permission admits to every item", () => {
    expect(whatItReveals(ownCell("count", 0, "yes"), answer({ totalCount: 40 }))).toBeNull();
  });

  test("an error answer has no counts", () => {
    const body = answer({ message: "denied", details: { applicationError: { code: "X" } } });
    expect(whatItReveals(ownCell("count", 0), body)).toBeNull();
  });
});

test("every matrix row whose answer counts the collection's items says how to read the counts", () => {
  const counting = MATRIX_ROWS.filter(
    (row) =>
      row.access.kind === "data" &&
      row.access.action === "read" &&
      (/\/items\/(query|count|aggregate|query-distinct-values)$/.test(row.pattern) ||
        /\b(count|items)\(/.test(JSON.stringify(row.example(SAMPLE_TARGET).body ?? ""))),
  );
  expect(counting.length).toBeGreaterThan(15);
  expect(counting.filter((row) => row.countsIn === undefined).map((row) => row.name)).toEqual([]);
});
