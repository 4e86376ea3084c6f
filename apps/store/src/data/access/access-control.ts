/**
 * @module The permission check, the only one: may this caller do this action on this
 * collection, and on which of its items? Permissions live in the database per collection (read,
 * insert, update, remove: anyone, member, author or admin). A visitor never writes, whatever the
 * permissions say. A member whom a permission admits only to a share of the items (author: the
 * items they created; collections shared by member: reads of their share, member-share.ts) gets
 * that share as a scope from `scope`; `authorize` admits only callers who reach every item.
 */
import { isCollectionName, kindOf } from "@consultant/site-content";
import type {
  AccessStore,
  Action,
  PermissionRole,
  Permissions,
} from "../../platform/db/access-store.ts";
import { ApiError } from "../../platform/errors.ts";
import type { Caller, CallerRole } from "../../platform/http/caller.ts";
import type { FilterNode } from "../../platform/query/types.ts";
import { shareFor } from "./member-share.ts";

// `author` admits members like `member` does, but (save for insert) to their own items only.
const REQUIRED_RANK: Record<PermissionRole, number> = { anyone: 0, member: 1, author: 1, admin: 2 };
const CALLER_RANK: Record<CallerRole, number> = { visitor: 0, member: 1, admin: 2 };

export type AccessControl = ReturnType<typeof createAccessControl>;

/** True when the permission admits the caller to every item for this action. */
function permitsAll(caller: Caller, permissions: Permissions, action: Action): boolean {
  if (caller.role === "visitor" && action !== "read") return false;
  const role = permissions[action];
  if (role === "author" && action !== "insert" && caller.role !== "admin") return false;
  return CALLER_RANK[caller.role] >= REQUIRED_RANK[role];
}

/**
 * A collaborator edits content but not the site's settings (the owner's own); while the owner
 * reviews collaborators' changes, they write drafts only (owner/review/), nothing live.
 */
function refuseEditor(
  caller: Caller,
  collectionId: string,
  action: Action,
  access: AccessStore,
): void {
  if (caller.editor !== true || action === "read") return;
  if (isCollectionName(collectionId) && kindOf(collectionId) === "settings") {
    throw new ApiError("OWNER_ROLE_REQUIRED");
  }
  if (access.collaboratorsReviewed()) throw new ApiError("REVIEW_REQUIRED");
}

function denied(caller: Caller, collectionId: string, action: Action): ApiError {
  return new ApiError("PERMISSION_DENIED", [action, collectionId], {
    data: { collectionId, action, role: caller.role },
  });
}

export function createAccessControl(access: AccessStore) {
  function permissionsOf(collectionId: string): Permissions {
    const permissions = access.permissions(collectionId);
    if (permissions === null) throw new ApiError("COLLECTION_NOT_FOUND", [collectionId]);
    return permissions;
  }

  /**
   * The items a caller may act on: null for all of them, or the filter of a member's share
   * (their own items under `author`; their share of a collection shared by member, for reads).
   * Only the calls that apply this scope admit such a member; the others keep `authorize`.
   * @throws ApiError as `authorize` when neither applies.
   */
  function scope(caller: Caller, collectionId: string, action: Action): FilterNode | null {
    const permissions = permissionsOf(collectionId);
    refuseEditor(caller, collectionId, action, access);
    if (permitsAll(caller, permissions, action)) return null;
    const share =
      caller.role === "member"
        ? shareFor(collectionId, caller.id, permissions[action], action)
        : null;
    if (share !== null) return share;
    throw denied(caller, collectionId, action);
  }

  return {
    /**
     * Checks that the collection exists and the caller may act on all of its items.
     * @throws ApiError COLLECTION_NOT_FOUND for an unknown collection, PERMISSION_DENIED when not permitted.
     */
    authorize(caller: Caller, collectionId: string, ...actions: Action[]): void {
      const permissions = permissionsOf(collectionId);
      for (const action of actions) {
        refuseEditor(caller, collectionId, action, access);
        if (!permitsAll(caller, permissions, action)) throw denied(caller, collectionId, action);
      }
    },

    scope,

    /** `scope` for reads (query, get, count). */
    readScope(caller: Caller, collectionId: string): FilterNode | null {
      return scope(caller, collectionId, "read");
    },

    /** Like `authorize` but answers instead of throwing (false for unknown collections). */
    can(caller: Caller, collectionId: string, action: Action): boolean {
      const permissions = access.permissions(collectionId);
      if (permissions === null) return false;
      if (caller.editor === true && action !== "read") {
        if (isCollectionName(collectionId) && kindOf(collectionId) === "settings") return false;
        if (access.collaboratorsReviewed()) return false;
      }
      return permitsAll(caller, permissions, action);
    },
  };
}
