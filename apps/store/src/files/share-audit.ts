/**
 * @module A share as the owner's audit log says it: the files by name and the clients by name
 * (or e-mail), "report.pdf with Jo Client", never ids.
 */
import { type AuditLog, type IdentityRow, memberName } from "../identity/index.ts";
import type { FilesDeps, ShareInput } from "./file-sharing.ts";

function personOf(member: IdentityRow | null): string | null {
  if (member === null) return null;
  return memberName(member.profile) ?? member.email;
}

/** "a.pdf and b.pdf with Jo Client and Ada" (or "with every client"). */
export function shareTarget(deps: FilesDeps, input: ShareInput): string {
  const names = input.fileIds.map((id) => deps.store.file(id)?.name ?? "a removed file");
  const people = input.allMembers
    ? ["every client"]
    : input.memberIds.map((id) => personOf(deps.identity.store.byId(id)) ?? "a removed client");
  const list = (items: string[]) =>
    items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
  return `${list(names)} with ${list(people)}`;
}

export function recordShare(
  audit: AuditLog | undefined,
  deps: FilesDeps,
  input: ShareInput,
  actor: { id: string | null; kind: "owner" | "api-key"; address: string },
): void {
  audit?.record({
    actorId: actor.id,
    actorKind: actor.kind,
    action: "share.create",
    target: shareTarget(deps, input),
    address: actor.address,
  });
}
