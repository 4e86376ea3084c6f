/**
 * @module The permission check, the only one: may this caller do this action on this
 * collection? Permissions live in the database per collection (read, insert, update, remove:
 * anyone, member or admin). A visitor never writes, whatever the permissions say.
 */
import type { AccessStore, Action, PermissionRole, Permissions } from "../db/access-store.ts";
import { ApiError } from "../errors.ts";
import type { Caller, CallerRole } from "./caller.ts";

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

    /** Like `authorize` but answers instead of throwing (false for unknown collections). */
    can(caller: Caller, collectionId: string, action: Action): boolean {
      const permissions = access.permissions(collectionId);
      return permissions !== null && permits(caller, permissions, action);
    },
  };
}
