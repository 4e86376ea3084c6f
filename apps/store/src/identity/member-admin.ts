/**
 * @module What the owner does to members, once for both places that do it: the editor's
 * Members view (`/admin/api/members`) and `npm run store -- members …`. Blocking and deleting
 * end every sign-in at once: their sessions end (access and refresh tokens stop working on their
 * next use, and unblocking revives none) and their one-time tokens go.
 */
import type { MemberSummary } from "@consultant/site-content/wire";
import type { Sessions } from "./sessions.ts";
import type {
  IdentityRow,
  IdentityStatus,
  IdentityStore,
  PendingReason,
} from "./storage/identity-store.ts";

export const MEMBER_ACTIONS = ["approve", "block", "unblock", "delete", "reset-2fa"] as const;
export type MemberAction = (typeof MEMBER_ACTIONS)[number];

export function summariseMember(member: IdentityRow): MemberSummary {
  return {
    id: member.id,
    email: member.email,
    status: member.status,
    reasons: member.reasons,
    emailVerified: member.emailVerified,
    twoFactor: member.totpSecret !== null,
    hasPassword: member.passwordHash !== null,
    createdDate: new Date(member.createdAt).toISOString(),
    lastSignInDate:
      member.lastSignInAt === null ? null : new Date(member.lastSignInAt).toISOString(),
  };
}

/** Every member, or those whose e-mail contains `search` (case-insensitive), oldest first. */
export function listMembers(store: IdentityStore, search = ""): MemberSummary[] {
  const text = search.trim().toLowerCase();
  return (text === "" ? store.list() : store.search(text)).map(summariseMember);
}

/** A blocked member stays blocked; otherwise pending while any reason is left. */
function statusAfter(status: IdentityStatus, reasons: readonly PendingReason[]): IdentityStatus {
  if (status === "BLOCKED") return status;
  return reasons.length > 0 ? "PENDING" : "ACTIVE";
}

const SIGN_IN_TOKENS = ["browser", "device", "session", "recovery", "state"] as const;

/**
 * Applies an owner's action to a member; answers the member afterwards (null once deleted).
 * Approving a member who was not waiting, or unblocking one who was not blocked, leaves their
 * status as it was and is not an error. Reads and writes synchronously, so two requests to the
 * store never interleave here.
 */
export function applyMemberAction(
  store: IdentityStore,
  sessions: Sessions,
  member: IdentityRow,
  action: MemberAction,
  now: number,
): IdentityRow | null {
  if (action === "delete") {
    sessions.endAllOf(member.id, "deleted");
    store.remove(member.id);
    return null;
  }
  if (action === "reset-2fa") {
    store.setTotp(member.id, null, now);
    store.dropTokensOf(member.id, "device");
  } else if (action === "block") {
    store.setStatus(member.id, "BLOCKED", member.reasons, now);
    sessions.endAllOf(member.id, "blocked");
    for (const kind of SIGN_IN_TOKENS) store.dropTokensOf(member.id, kind);
  } else if (action === "approve") {
    const reasons = member.reasons.filter((reason) => reason !== "PENDING_ADMIN_APPROVAL_REQUIRED");
    store.setStatus(member.id, statusAfter(member.status, reasons), reasons, now);
  } else if (member.status === "BLOCKED") {
    store.setStatus(member.id, statusAfter("ACTIVE", member.reasons), member.reasons, now);
  }
  return store.byId(member.id);
}
