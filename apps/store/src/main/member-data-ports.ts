/**
 * @module A member's data (identity's export and erasure) with what the wings above identity hold
 * about them: their files and their bookings, each through its wing's port, built here.
 */
import { memberBookingsPort } from "../bookings/index.ts";
import { createFilesStore, type FileStorage, memberFilesPort } from "../files/index.ts";
import { createMemberData, type IdentityContext } from "../identity/index.ts";
import type { Db } from "../platform/db/sql-db.ts";

export function memberDataWithPorts(
  db: Db,
  identity: IdentityContext,
  fileStorage: FileStorage | null,
) {
  const files = memberFilesPort(createFilesStore(db), fileStorage);
  return createMemberData(db, identity, files, memberBookingsPort(db));
}
