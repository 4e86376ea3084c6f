/**
 * @module The permission check, the only one: may this caller do this action on this
 * collection? Permissions live in the database per collection (read, insert, update, remove:
 * anyone, member or admin). A visitor never writes, whatever the permissions say. Collections
 * shared by member (`sharedByField` in the registry) also let a member read their share.
 */
import type { AccessStore, Action, PermissionRole, Permissions } from "../db/access-store.ts";
import { ApiError } from "../errors.ts";
import type { FilterNode } from "../query/types.ts";
import type { Caller, CallerRole } from "./caller.ts";
import { memberShare } from "./member-share.ts";

const REQUIRED_RANK: Record<PermissionRole, number> = { anyone: 0, member: 1, admin: 2 };
const CALLER_RANK: Record<CallerRole, number> = { visitor: 0, member: 1, admin: 2 };

export type AccessControl = ReturnType<typeof createAccessControl>;

function permits(caller: Caller, permissions: Permissions, action: Action): boolean {
  if (caller.role === "visitor" && action !== "read") return false;
  return CALLER_RANK[caller.role] >= REQUIRED_RANK[permissions[action]];
}

export function createAccessControl(access: AccessStore) {
  return {
    /**
     * Checks that the collection exists and the caller may act on it.
     * @throws ApiError COLLECTION_NOT_FOUND for an unknown collection, PERMISSION_DENIED when not permitted.
     */
    authorize(caller: Caller, collectionId: string, ...actions: Action[]): void {
      const permissions = access.permissions(collectionId);
      if (permissions === null) throw new ApiError("COLLECTION_NOT_FOUND", [collectionId]);
      for (const action of actions) {
        if (!permits(caller, permissions, action)) {
          throw new ApiError("PERMISSION_DENIED", [action, collectionId], {
            data: { collectionId, action, role: caller.role },
          });
        }
      }
    },

    /**
     * The items a caller may read: null for all of them (`read` permits the caller), or the
     * filter of a member's share in a collection shared by member. Only the calls that apply
     * this filter (query, get, count) admit such a member; the others keep `authorize`.
     * @throws ApiError as `authorize` for "read" when neither applies.
     */
    readScope(caller: Caller, collectionId: string): FilterNode | null {
      const permissions = access.permissions(collectionId);
      if (permissions === null) throw new ApiError("COLLECTION_NOT_FOUND", [collectionId]);
      if (permits(caller, permissions, "read")) return null;
      const share = caller.role === "member" ? memberShare(collectionId, caller.id) : null;
      if (share !== null) return share;
      throw new ApiError("PERMISSION_DENIED", ["read", collectionId], {
        data: { collectionId, action: "read", role: caller.role },
      });
    },

    /** Like `authorize` but answers instead of throwing (false for unknown collections). */
    can(caller: Caller, collectionId: string, action: Action): boolean {
      const permissions = access.permissions(collectionId);
      return permissions !== null && permits(caller, permissions, action);
    },
  };
}
