/**
 * @module A data collection's definition as the Data Collections API sends it (`collection` of
 * create and update, `dataCollection` of patch), read and validated into what the store keeps:
 * id, display name and field, fields, permissions. Every problem is a field violation (400)
 * naming its path; nothing is written when there is one.
 */
import type { Action, PermissionRole, Permissions } from "../../platform/db/access-store.ts";
import { validationError, violation } from "../../platform/errors.ts";
import { createViolationCollector } from "../../platform/query/request-fields.ts";
import { isPlainObject } from "../../platform/query/values.ts";
import {
  type CollectionDefinition,
  FIELD_TYPES,
  type FieldDefinition,
  type FieldType,
} from "../storage/collections-store.ts";

/** The platform's roles and the store's names for them (db/access-store.ts). */
export const WIRE_ROLES = {
  ANYONE: "anyone",
  SITE_MEMBER: "member",
  SITE_MEMBER_AUTHOR: "author",
  ADMIN: "admin",
} as const satisfies Record<string, PermissionRole>;
export type WireRole = keyof typeof WIRE_ROLES;
const ROLE_NAMES = Object.keys(WIRE_ROLES) as WireRole[];

export const PERMISSION_ACTIONS = [
  "insert",
  "update",
  "remove",
  "read",
] as const satisfies Action[];

/** Collection ids: a letter, then letters, digits, `_` or `-` (also an export's file name). */
export const COLLECTION_ID_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
/** Field keys: a letter, then letters, digits or `_`; `_…` is kept for system fields. */
export const FIELD_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
export const MAX_FIELDS = 256;
const MAX_TEXT = 256;
const MAX_DESCRIPTION = 1000;
const MAX_TYPE_METADATA_BYTES = 4096;

/** The system fields every item has; answers list them, requests may send them back. */
export const SYSTEM_FIELD_KEYS: ReadonlySet<string> = new Set([
  "_id",
  "_createdDate",
  "_updatedDate",
  "_ownerId",
  "_owner",
]);

type Reader<T> = (raw: unknown, at: string) => T;

function optionalText(raw: unknown, at: string, max: number): string | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== "string") throw validationError([violation(at, "must be a string")]);
  if (raw.length > max) {
    throw validationError([
      violation(at, `must be at most ${max} characters`, "MAX", { threshold: max }),
    ]);
  }
  return raw;
}

/** A collection id: required, matching {@link COLLECTION_ID_PATTERN}. */
export function readDefinitionId(raw: unknown, at: string): string {
  if (typeof raw !== "string" || raw === "") {
    throw validationError([violation(at, "must not be empty", "REQUIRED_FIELD")]);
  }
  if (!COLLECTION_ID_PATTERN.test(raw)) {
    throw validationError([
      violation(
        at,
        "must start with a letter and hold only letters, digits, _ and - (at most 64 characters)",
      ),
    ]);
  }
  return raw;
}

function readRole(raw: unknown, at: string): PermissionRole {
  if (typeof raw === "string" && Object.hasOwn(WIRE_ROLES, raw)) return WIRE_ROLES[raw as WireRole];
  const problem = raw === undefined || raw === null ? "must not be empty" : "is not a role";
  throw validationError([
    violation(at, `${problem}: one of ${ROLE_NAMES.join(", ")}`, "INVALID_ENUM_VALUE", {
      allowed: ROLE_NAMES,
    }),
  ]);
}

/** `permissions`: all four actions, each one of the platform's roles. */
export const readPermissions: Reader<Permissions> = (raw, at) => {
  if (!isPlainObject(raw)) {
    throw validationError([violation(at, "must be an object", "REQUIRED_FIELD")]);
  }
  const { collect, throwIfAny } = createViolationCollector();
  const roles = Object.fromEntries(
    PERMISSION_ACTIONS.map((action) => [
      action,
      collect<PermissionRole>("admin", () => readRole(raw[action], `${at}.${action}`)),
    ]),
  ) as Permissions;
  throwIfAny();
  return roles;
};

function readField(raw: unknown, at: string): FieldDefinition | null {
  if (!isPlainObject(raw)) throw validationError([violation(at, "must be an object")]);
  // A field the store's answer listed as a system field, sent back in an update: not the caller's.
  if (raw.systemField === true && typeof raw.key === "string" && SYSTEM_FIELD_KEYS.has(raw.key)) {
    return null;
  }
  const { collect, throwIfAny } = createViolationCollector();
  const key = collect("", () => {
    if (typeof raw.key !== "string" || raw.key === "") {
      throw validationError([violation(`${at}.key`, "must not be empty", "REQUIRED_FIELD")]);
    }
    if (!FIELD_KEY_PATTERN.test(raw.key)) {
      throw validationError([
        violation(
          `${at}.key`,
          raw.key.startsWith("_")
            ? "keys starting with _ are the system fields'"
            : "must start with a letter and hold only letters, digits and _ (at most 64 characters)",
        ),
      ]);
    }
    return raw.key;
  });
  const type = collect<FieldType>("ANY", () => {
    if (typeof raw.type === "string" && (FIELD_TYPES as readonly string[]).includes(raw.type)) {
      return raw.type as FieldType;
    }
    throw validationError([
      violation(`${at}.type`, "must be one of the platform's field types", "INVALID_ENUM_VALUE", {
        allowed: FIELD_TYPES,
      }),
    ]);
  });
  const displayName = collect(undefined, () =>
    optionalText(raw.displayName, `${at}.displayName`, MAX_TEXT),
  );
  const description = collect(undefined, () =>
    optionalText(raw.description, `${at}.description`, MAX_DESCRIPTION),
  );
  const required = collect(undefined, () => {
    if (raw.required === undefined || raw.required === null) return undefined;
    if (typeof raw.required !== "boolean") {
      throw validationError([violation(`${at}.required`, "must be a boolean")]);
    }
    return raw.required;
  });
  const typeMetadata = collect(undefined, () => {
    if (raw.typeMetadata === undefined || raw.typeMetadata === null) return undefined;
    if (!isPlainObject(raw.typeMetadata)) {
      throw validationError([violation(`${at}.typeMetadata`, "must be an object")]);
    }
    if (Buffer.byteLength(JSON.stringify(raw.typeMetadata)) > MAX_TYPE_METADATA_BYTES) {
      throw validationError([
        violation(`${at}.typeMetadata`, `must be at most ${MAX_TYPE_METADATA_BYTES} bytes`, "MAX", {
          threshold: MAX_TYPE_METADATA_BYTES,
        }),
      ]);
    }
    return raw.typeMetadata;
  });
  throwIfAny();
  return {
    key,
    type,
    ...(displayName === undefined ? {} : { displayName }),
    ...(description === undefined ? {} : { description }),
    ...(required === undefined ? {} : { required }),
    ...(typeMetadata === undefined ? {} : { typeMetadata }),
  };
}

/** `fields`: 1 to {@link MAX_FIELDS} fields with distinct keys (system fields sent back are dropped). */
export const readFieldList: Reader<FieldDefinition[]> = (raw, at) => {
  if (!Array.isArray(raw)) {
    throw validationError([violation(at, "must be an array of fields", "REQUIRED_FIELD")]);
  }
  if (raw.length > MAX_FIELDS + SYSTEM_FIELD_KEYS.size) {
    throw validationError([
      violation(at, `must hold at most ${MAX_FIELDS} fields`, "MAX_SIZE", {
        threshold: MAX_FIELDS,
      }),
    ]);
  }
  const { collect, throwIfAny, violations } = createViolationCollector();
  const read = raw.flatMap((field, index) => {
    const definition = collect(null, () => readField(field, `${at}[${index}]`));
    return definition === null ? [] : [{ definition, index }];
  });
  const seen = new Set<string>();
  for (const { definition, index } of read) {
    if (seen.has(definition.key)) {
      violations.push(
        violation(`${at}[${index}].key`, `repeats the key [${definition.key}]`, "OTHER"),
      );
    }
    seen.add(definition.key);
  }
  const fields = read.map(({ definition }) => definition);
  if (fields.length === 0 && violations.length === 0) {
    violations.push(violation(at, "must hold at least 1 field", "REQUIRED_FIELD"));
  }
  if (fields.length > MAX_FIELDS) {
    violations.push(
      violation(at, `must hold at most ${MAX_FIELDS} fields`, "MAX_SIZE", {
        threshold: MAX_FIELDS,
      }),
    );
  }
  throwIfAny();
  return fields;
};

/** `displayField`: absent, or one of the fields' keys (or a system field). */
export function readDisplayField(
  raw: unknown,
  at: string,
  fields: readonly FieldDefinition[],
): string | null {
  if (raw === undefined || raw === null || raw === "") return null;
  if (typeof raw !== "string") throw validationError([violation(at, "must be a string")]);
  if (!SYSTEM_FIELD_KEYS.has(raw) && !fields.some((field) => field.key === raw)) {
    throw validationError([violation(at, `must be the key of one of the fields, not [${raw}]`)]);
  }
  return raw;
}

/** `displayName`: absent (then the id), or a string of at most 256 characters. */
export function readDisplayName(raw: unknown, at: string): string | undefined {
  return optionalText(raw, at, MAX_TEXT);
}

/**
 * The whole definition of create and update (`collection`).
 * @throws ApiError VALIDATION_FAILED listing every problem.
 */
export function readCollectionDefinition(raw: unknown, at: string): CollectionDefinition {
  if (!isPlainObject(raw)) {
    throw validationError([violation(at, "must be an object", "REQUIRED_FIELD")]);
  }
  const { collect, throwIfAny } = createViolationCollector();
  const id = collect("", () => readDefinitionId(raw.id, `${at}.id`));
  const displayName = collect(undefined, () =>
    readDisplayName(raw.displayName, `${at}.displayName`),
  );
  const fields = collect<FieldDefinition[] | null>(null, () =>
    readFieldList(raw.fields, `${at}.fields`),
  );
  const displayField = collect(null, () =>
    readDisplayField(raw.displayField, `${at}.displayField`, fields ?? []),
  );
  const permissions = collect<Permissions | null>(null, () =>
    readPermissions(raw.permissions, `${at}.permissions`),
  );
  throwIfAny();
  if (fields === null || permissions === null) throw validationError([violation(at, "is invalid")]);
  return { id, displayName: displayName ?? id, displayField, fields, permissions };
}
