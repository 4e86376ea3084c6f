/**
 * @module The owner's invitations of clients: invite by e-mail with a name, a few words and
 * what to share on arrival; list, resend (a new link, the old one stops working) and withdraw
 * the pending ones; and the client's taking one up, which adds them as an active member with
 * their name and shares what the owner chose. Links are single use, expire, and are kept as
 * digests only (docs/security.md).
 */
import { randomUUID } from "node:crypto";
import type { InviteRequest, PendingInvite } from "@consultant/site-content/wire";
import type { ItemsStore } from "../data/index.ts";
import {
  type AuditLog,
  deliver,
  type IdentityContext,
  type IdentityRow,
  invitedMemberIdentity,
  normaliseEmail,
} from "../identity/index.ts";
import type { Db } from "../platform/db/sql-db.ts";
import { ApiError, type FieldViolation, validationError, violation } from "../platform/errors.ts";
import { hashToken, randomToken } from "../platform/secrets/secrets.ts";
import { SITE_OWNER_ID } from "../platform/site-owner.ts";
import { type Inviter, inviteLink, inviteMail } from "./invite-mails.ts";
import type { InviteRow, InvitesStore } from "./invites-store.ts";

/** How long an invitation's link works. */
export const INVITE_TTL_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_NAME = 100;
const MAX_MESSAGE = 2_000;
const MAX_SHARED = 50;
const RESOURCES = "ClientResources";

/** The owner's private files, as the invitations see them (a port: files/ is a sibling wing). */
export type InviteFiles = {
  exists(fileId: string): boolean;
  /** Shares the files with the member (one mail for the batch); answers their names. */
  share(memberId: string, fileIds: string[], origin: string | null): Promise<string[]>;
};

export type InviteDeps = {
  db: Db;
  invites: InvitesStore;
  identity: IdentityContext;
  items: ItemsStore;
  /** Null when the store keeps no files. */
  files: InviteFiles | null;
  audit: AuditLog;
  inviter: () => Inviter;
};

export function toPendingInvite(row: InviteRow): PendingInvite {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    invitedAt: new Date(row.invitedAt).toISOString(),
    expiresAt: new Date(row.expiresAt).toISOString(),
    resourceIds: row.resourceIds,
    fileIds: row.fileIds,
  };
}

function oneLine(text: string): string {
  return text.replace(/[\p{Cc}\u2028\u2029]+/gu, " ").trim();
}

function idList(
  value: unknown,
  field: string,
  exists: (id: string) => boolean,
  bad: FieldViolation[],
) {
  if (value === undefined) return [];
  if (
    !Array.isArray(value) ||
    value.length > MAX_SHARED ||
    value.some((v) => typeof v !== "string")
  ) {
    bad.push(violation(field, `must be a list of at most ${MAX_SHARED} ids`));
    return [];
  }
  const ids = [...new Set(value as string[])];
  const unknown = ids.filter((id) => !exists(id));
  if (unknown.length > 0)
    bad.push(violation(field, `names nothing that exists: ${unknown.join(", ").slice(0, 200)}`));
  return ids;
}

/** The request checked: every field, or a validation error naming each bad one. */
export function readInvite(
  deps: InviteDeps,
  body: Record<string, unknown>,
): Required<InviteRequest> {
  const bad: FieldViolation[] = [];
  const email = normaliseEmail(body.email);
  if (email === null) bad.push(violation("email", "must be a valid e-mail address", "FORMAT"));
  const name = typeof body.name === "string" ? oneLine(body.name) : "";
  if (name === "" || name.length > MAX_NAME) {
    bad.push(violation("name", `must be the client's name, at most ${MAX_NAME} characters`));
  }
  const message = body.message === undefined ? "" : body.message;
  if (typeof message !== "string" || message.length > MAX_MESSAGE) {
    bad.push(violation("message", `must be text of at most ${MAX_MESSAGE} characters`, "MAX"));
  }
  const resourceIds = idList(
    body.resourceIds,
    "resourceIds",
    (id) => deps.items.getItem(RESOURCES, id) !== null,
    bad,
  );
  const fileIds = idList(body.fileIds, "fileIds", (id) => deps.files?.exists(id) === true, bad);
  if (bad.length > 0) throw validationError(bad);
  return {
    email: email as string,
    name,
    message: (message as string).trim(),
    resourceIds,
    fileIds,
  };
}

async function mailInvite(deps: InviteDeps, row: InviteRow, token: string, origin: string) {
  await deliver(
    deps.identity,
    inviteMail({
      to: row.email,
      name: row.name,
      message: row.message,
      inviter: deps.inviter(),
      link: inviteLink(origin, token),
      days: INVITE_TTL_DAYS,
    }),
  );
}

/**
 * Invites a client and mails them the link.
 * @throws ApiError VALIDATION_FAILED, INVITE_EMAIL_TAKEN (a member, collaborator, the owner or a
 *   pending invitation has the address).
 */
export async function invite(
  deps: InviteDeps,
  body: Record<string, unknown>,
  origin: string,
): Promise<PendingInvite> {
  const input = readInvite(deps, body);
  if (deps.identity.store.byEmail(input.email) !== null) throw new ApiError("INVITE_EMAIL_TAKEN");
  const now = deps.identity.now();
  const token = randomToken();
  const row: InviteRow = {
    ...input,
    id: randomUUID(),
    invitedAt: now,
    expiresAt: now + INVITE_TTL_DAYS * DAY_MS,
    state: "pending",
    memberId: null,
  };
  if (!deps.invites.add(row, hashToken(token))) throw new ApiError("INVITE_EMAIL_TAKEN");
  await mailInvite(deps, row, token, origin);
  return toPendingInvite(row);
}

/** A new link for a pending invitation, mailed again; the old link stops working. */
export async function resendInvite(deps: InviteDeps, id: string, origin: string) {
  const now = deps.identity.now();
  const token = randomToken();
  const expiresAt = now + INVITE_TTL_DAYS * DAY_MS;
  if (!deps.invites.renew(id, hashToken(token), now, expiresAt)) {
    throw new ApiError("INVITE_NOT_FOUND", [id.slice(0, 100)]);
  }
  const row = deps.invites.byId(id) as InviteRow;
  await mailInvite(deps, row, token, origin);
  return toPendingInvite(row);
}

export function revokeInvite(deps: InviteDeps, id: string): InviteRow {
  const row = deps.invites.byId(id);
  if (row === null || !deps.invites.revoke(id, deps.identity.now())) {
    throw new ApiError("INVITE_NOT_FOUND", [id.slice(0, 100)]);
  }
  return row;
}

/** The pending invitation of a link, or null (unknown, expired, withdrawn or used). */
export function pendingInviteOf(deps: InviteDeps, token: string): InviteRow | null {
  if (token === "" || token.length > 512) return null;
  return deps.invites.byToken(hashToken(token), deps.identity.now());
}

/**
 * Takes up the invitation of `token` with `password`: adds the client, active, with their name,
 * then shares what the owner chose. The link is used up in the same transaction.
 * @throws ApiError INVITE_LINK_INVALID, VALIDATION_FAILED (password), INVITE_EMAIL_TAKEN.
 */
export async function acceptInvite(
  deps: InviteDeps,
  input: { token: string; password: unknown; origin: string | null; address: string },
): Promise<IdentityRow> {
  const row = pendingInviteOf(deps, input.token);
  if (row === null) throw new ApiError("INVITE_LINK_INVALID");
  const identity = await invitedMemberIdentity(deps.identity, {
    email: row.email,
    name: row.name,
    password: input.password,
  });
  deps.db.transaction(() => {
    if (!deps.invites.take(hashToken(input.token), identity.id, deps.identity.now())) {
      throw new ApiError("INVITE_LINK_INVALID");
    }
    if (!deps.identity.store.insert(identity)) throw new ApiError("INVITE_EMAIL_TAKEN");
    giveResources(deps, row.resourceIds, identity.id);
  })();
  const member = deps.identity.store.byId(identity.id) as IdentityRow;
  deps.audit.record({
    actorId: member.id,
    actorKind: "member",
    action: "invite.accept",
    target: member.email,
    address: input.address,
  });
  const fileIds = row.fileIds.filter((id) => deps.files?.exists(id) === true);
  if (deps.files !== null && fileIds.length > 0) {
    const names = await deps.files.share(member.id, fileIds, input.origin);
    // The owner chose them when inviting: the log says "You shared … with Jo Client".
    deps.audit.record({
      actorKind: "owner",
      action: "share.create",
      target: `${names.join(", ")} with ${row.name}`,
    });
  }
  return member;
}

/** A copy of each chosen resource, for this client alone (the owner's others keep theirs). */
function giveResources(deps: InviteDeps, resourceIds: string[], memberId: string) {
  const now = deps.identity.now();
  for (const id of resourceIds) {
    const item = deps.items.getItem(RESOURCES, id);
    if (item === null) continue;
    const { _id, _createdDate, _updatedDate, _owner, ...data } = item.data as Record<
      string,
      unknown
    >;
    deps.items.insert(RESOURCES, { ...data, memberId }, { now, ownerId: SITE_OWNER_ID });
  }
}
