/**
 * @module A member's share of a collection shared by member (`sharedByField` in the registry,
 * `ClientResources` today): the items whose field holds the member's id, and those where it is
 * missing, null or empty (shared with no one in particular, so with every member).
 */
import { sharedByFieldOf } from "@consultant/site-content";
import type { FilterNode } from "../query/types.ts";

/** The filter of the member's share, or null when the collection is not shared by member. */
export function memberShare(collectionId: string, memberId: string): FilterNode | null {
  const field = sharedByFieldOf(collectionId);
  if (field === null) return null;
  const path = [field];
  return {
    type: "or",
    nodes: [
      { type: "eq", path, value: { kind: "string", value: memberId } },
      { type: "eq", path, value: null },
      { type: "eq", path, value: { kind: "string", value: "" } },
    ],
  };
}

/** The caller's filter confined to a scope (null: no confinement). */
export function withinScope(filter: FilterNode, scope: FilterNode | null): FilterNode {
  return scope === null ? filter : { type: "and", nodes: [scope, filter] };
}
