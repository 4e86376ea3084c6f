/** @module All SQL for the members' settings the owner changes in /admin (one row). */
import type { MemberSettings } from "@consultant/site-content/wire";
import type { Db } from "../../platform/db/sql-db.ts";

export type MemberSettingsStore = ReturnType<typeof createMemberSettingsStore>;

export function createMemberSettingsStore(db: Db) {
  const s = {
    read: db.prepare<[], { require_approval: number }>(
      "SELECT require_approval FROM member_settings WHERE id = 1",
    ),
    insertDefault: db.prepare(
      "INSERT INTO member_settings (id, require_approval) VALUES (1, ?) ON CONFLICT DO NOTHING",
    ),
    write: db.prepare(
      `INSERT INTO member_settings (id, require_approval) VALUES (1, ?)
       ON CONFLICT (id) DO UPDATE SET require_approval = excluded.require_approval`,
    ),
  };
  return {
    /** Stores `defaults` unless settings exist (the first start). */
    initialise(defaults: MemberSettings): void {
      s.insertDefault.run(defaults.requireApproval ? 1 : 0);
    },
    /** The stored settings, or `fallback` before `initialise`. */
    read(fallback: MemberSettings): MemberSettings {
      const row = s.read.get();
      return row === undefined ? fallback : { requireApproval: row.require_approval === 1 };
    },
    write(settings: MemberSettings): void {
      s.write.run(settings.requireApproval ? 1 : 0);
    },
  };
}
