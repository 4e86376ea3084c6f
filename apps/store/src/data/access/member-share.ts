/**
 * @module A member's share of a collection: the items a member reaches when a permission admits
 * members only for some items. Two rules, one shape (a filter on the item's data):
 * - shared by member (`sharedByField` in the registry, `ClientResources` today): the items whose
 *   field holds the member's id, and those where it is missing, null or empty (shared with no
 *   one in particular, so with every member); for reads;
 *   The sample content's stand-ins (`SAMPLE_STAND_INS`: the sample resource, linking to
 *   example.com) are never in a member's share: a real client never meets them;
 * - author (`SITE_MEMBER_AUTHOR`): the items the member created (`_ownerId`, set by the store on
 *   insert and never taken from the caller); for reads, updates and removes.
 */
import { SAMPLE_STAND_INS, type SampleCollection, sharedByFieldOf } from "@consultant/site-content";
import type { Action } from "../../platform/db/access-store.ts";
import type { FilterNode } from "../../platform/query/types.ts";

/** The system field holding the id of the caller who created an item. */
export const OWNER_FIELD = "_ownerId";

/** The filter of the member's share in a collection shared by member, or null when it is not. */
export function memberShare(collectionId: string, memberId: string): FilterNode | null {
  const field = sharedByFieldOf(collectionId);
  if (field === null) return null;
  const path = [field];
  const shared: FilterNode = {
    type: "or",
    nodes: [
      { type: "eq", path, value: { kind: "string", value: memberId } },
      { type: "eq", path, value: null },
      { type: "eq", path, value: { kind: "string", value: "" } },
    ],
  };
  const samples = SAMPLE_STAND_INS[collectionId as SampleCollection] ?? [];
  if (samples.length === 0) return shared;
  const notSample = samples.map(
    (sample): FilterNode => ({
      type: "not",
      node: {
        type: "and",
        nodes: [
          { type: "eq", path: ["_id"], value: { kind: "string", value: sample._id } },
          { type: "eq", path: [sample.field], value: { kind: "string", value: sample.value } },
        ],
      },
    }),
  );
  return { type: "and", nodes: [shared, ...notSample] };
}

/** The filter of the items a member created. */
export function authorShare(memberId: string): FilterNode {
  return { type: "eq", path: [OWNER_FIELD], value: { kind: "string", value: memberId } };
}

/**
 * The member's share for an action, by the permission's role: `author` gives the member's own
 * items (insert needs no share: a new item is the member's own); otherwise the shared-by-member
 * rule for reads. Null when neither admits the member.
 */
export function shareFor(
  collectionId: string,
  memberId: string,
  role: string,
  action: Action,
): FilterNode | null {
  if (role === "author") return authorShare(memberId);
  return action === "read" ? memberShare(collectionId, memberId) : null;
}

/** The caller's filter confined to a scope (null: no confinement). */
export function withinScope(filter: FilterNode, scope: FilterNode | null): FilterNode {
  return scope === null ? filter : { type: "and", nodes: [scope, filter] };
}
