/**
 * @module The permission check, the only one: may this caller do this action on this
 * collection? Permissions live in the database per collection (read, insert, update, remove:
 * anyone, member or admin). A visitor never writes, whatever the permissions say.
 */
import type { AccessStore, Action, PermissionRole } from "../db/access-store.ts";
import { ApiError } from "../errors.ts";
import type { Caller, CallerRole } from "./caller.ts";

const REQUIRED_RANK: Record<PermissionRole, number> = { anyone: 0, member: 1, admin: 2 };
const CALLER_RANK: Record<CallerRole, number> = { visitor: 0, member: 1, admin: 2 };

export type AccessControl = ReturnType<typeof createAccessControl>;

export function createAccessControl(access: AccessStore) {
  function allowed(caller: Caller, collectionId: string, action: Action): boolean | null {
    const permissions = access.permissions(collectionId);
    if (permissions === null) return null;
    if (caller.role === "visitor" && action !== "read") return false;
    return CALLER_RANK[caller.role] >= REQUIRED_RANK[permissions[action]];
  }

  return {
    /**
     * Checks that the collection exists and the caller may act on it.
     * @throws ApiError WDE0025 for an unknown collection, WDE0027 when not permitted.
     */
    authorize(caller: Caller, collectionId: string, ...actions: Action[]): void {
      for (const action of actions) {
        const verdict = allowed(caller, collectionId, action);
        if (verdict === null) throw new ApiError("WDE0025", [collectionId]);
        if (!verdict) {
          throw new ApiError("WDE0027", [action, collectionId], {
            data: { collectionId, action, role: caller.role },
          });
        }
      }
    },

    /** Like `authorize` but answers instead of throwing (false for unknown collections). */
    can(caller: Caller, collectionId: string, action: Action): boolean {
      return allowed(caller, collectionId, action) === true;
    },
  };
}
