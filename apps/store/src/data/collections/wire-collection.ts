/**
 * @module A stored collection as the Data Collections API answers it (wire names: `id`,
 * `createdDate`, ...; the SDK renames them `_id`, `_createdDate`). Admins and members get the
 * whole definition; visitors the part a page needs to show the data (id, names, plugins, and
 * each field's key, name, type and type metadata), as the platform answers visitors.
 */
import { isCollectionName } from "@consultant/site-content";
import type { PermissionRole } from "../../platform/db/access-store.ts";
import type { StoredCollection } from "../storage/collections-store.ts";
import { PERMISSION_ACTIONS, WIRE_ROLES, type WireRole } from "./collection-definition.ts";

const ROLE_ON_WIRE = Object.fromEntries(
  Object.entries(WIRE_ROLES).map(([wire, role]) => [role, wire]),
) as Record<PermissionRole, WireRole>;

/** What every item has; listed first in every answer's `fields`. */
const SYSTEM_FIELDS = [
  { key: "_id", displayName: "ID", type: "TEXT" },
  { key: "_createdDate", displayName: "Created Date", type: "DATETIME" },
  { key: "_updatedDate", displayName: "Updated Date", type: "DATETIME" },
  { key: "_ownerId", displayName: "Owner", type: "TEXT" },
] as const;

const DATA_OPERATIONS = [
  "AGGREGATE",
  "BULK_INSERT",
  "BULK_REMOVE",
  "BULK_SAVE",
  "BULK_UPDATE",
  "COUNT",
  "DISTINCT",
  "FIND",
  "GET",
  "INSERT",
  "INSERT_REFERENCE",
  "IS_REFERENCED",
  "QUERY_REFERENCED",
  "REMOVE",
  "REMOVE_REFERENCE",
  "REPLACE_REFERENCES",
  "SAVE",
  "TRUNCATE",
  "UPDATE",
  "PATCH",
  "BULK_PATCH",
];

/** Permissions with the platform's role names. */
export function toWireRoles(
  permissions: StoredCollection["permissions"],
): Record<string, WireRole> {
  return Object.fromEntries(
    PERMISSION_ACTIONS.map((action) => [action, ROLE_ON_WIRE[permissions[action]]]),
  );
}

/** The site's own collections (the registry's): never deleted or reshaped over the wire. */
export function isSiteCollection(id: string): boolean {
  return isCollectionName(id);
}

function iso(ms: number | null): string | undefined {
  return ms === null ? undefined : new Date(ms).toISOString();
}

/** The definition for an admin or a member. */
export function toWireCollection(stored: StoredCollection): Record<string, unknown> {
  const created = iso(stored.createdAt);
  const updated = iso(stored.updatedAt);
  return {
    id: stored.id,
    collectionType: "NATIVE",
    displayName: stored.displayName,
    ...(stored.displayField === null ? {} : { displayField: stored.displayField }),
    defaultDisplayOrder: { fieldKey: "_createdDate", direction: "ASC" },
    capabilities: {
      dataOperations: DATA_OPERATIONS,
      collectionOperations: isSiteCollection(stored.id) ? [] : ["UPDATE", "REMOVE"],
      indexLimits: { regular: 0, unique: 0, total: 0 },
    },
    maxPageSize: 1000,
    fields: [
      ...SYSTEM_FIELDS.map((field) => ({ ...field, systemField: true, encrypted: false })),
      ...stored.fields.map((field) => ({ ...field, systemField: false, encrypted: false })),
    ],
    permissions: toWireRoles(stored.permissions),
    revision: String(stored.revision),
    plugins: [],
    pagingModes: ["OFFSET", "CURSOR"],
    ...(created === undefined ? {} : { createdDate: created }),
    ...(updated === undefined ? {} : { updatedDate: updated }),
  };
}

/** The part a visitor gets. */
export function toVisitorCollection(stored: StoredCollection): Record<string, unknown> {
  return {
    id: stored.id,
    displayName: stored.displayName,
    ...(stored.displayField === null ? {} : { displayField: stored.displayField }),
    plugins: [],
    fields: [...SYSTEM_FIELDS, ...stored.fields].map((field) => ({
      key: field.key,
      ...(field.displayName === undefined ? {} : { displayName: field.displayName }),
      type: field.type,
      ...("typeMetadata" in field && field.typeMetadata !== undefined
        ? { typeMetadata: field.typeMetadata }
        : {}),
    })),
  };
}
