/**
 * @module The owner's audit log: who changed what, when and from where. Every write
 * of the editor and of API-key callers is recorded by the hook in audit-hook.ts; commands
 * (`key rotate`) and a member deleting their own account record themselves here. Kept whole
 * (a few rows a day for one consultant's site) and read in pages, newest first.
 */

import type { AuditEntry, AuditPage } from "@consultant/site-content/wire";
import type { Db } from "../../platform/db/sql-db.ts";
import { createIdentityStore } from "../storage/identity-store.ts";
import { createSecurityStore } from "../storage/security-store.ts";
import { auditSentence } from "./audit-sentences.ts";

/** Who acted: a staff identity (`owner`, `editor`), the API key, a member, a command, the schedule. */
export type ActorKind = "owner" | "editor" | "api-key" | "member" | "command" | "link" | "schedule";

export type AuditEvent = {
  actorId?: string | null;
  actorKind: ActorKind;
  action: string;
  target?: string | null;
  address?: string | null;
};

export const AUDIT_PAGE = 50;
const MAX_TARGET = 200;

export type AuditLog = ReturnType<typeof createAuditLog>;

export function createAuditLog(db: Db, now: () => number) {
  const store = createSecurityStore(db);
  const identities = createIdentityStore(db);

  function actorOf(id: string | null, kind: string): string {
    if (kind === "member") return "a member";
    if (id === null) return kind;
    const identity = identities.byId(id);
    if (identity === null) return `a removed ${kind === "owner" ? "owner" : "collaborator"}`;
    return identity.email === "owner" ? "the owner" : identity.email;
  }

  return {
    record(event: AuditEvent): void {
      store.addAudit({
        at: now(),
        actorId: event.actorId ?? null,
        actorKind: event.actorKind,
        action: event.action,
        target: event.target?.slice(0, MAX_TARGET) ?? null,
        address: event.address ?? null,
      });
    },

    /** A page of entries older than `before` (a seq; none: the newest), and the next cursor. */
    page(before: number | null, limit = AUDIT_PAGE): AuditPage {
      const rows = store.auditBefore(before ?? Number.MAX_SAFE_INTEGER, limit + 1);
      const shown = rows.slice(0, limit);
      return {
        entries: shown.map(
          (row): AuditEntry => ({
            seq: row.seq,
            at: new Date(row.at).toISOString(),
            actor: actorOf(row.actorId, row.actorKind),
            action: row.action,
            target: row.target,
            sentence: auditSentence(row, (id) => identities.byId(id)),
            address: row.address,
          }),
        ),
        next: rows.length > limit ? (shown.at(-1)?.seq ?? null) : null,
      };
    },
  };
}
