/**
 * @module Patch field modifications (docs/protocol.md §2.5): SET_FIELD, REMOVE_FIELD,
 * INCREMENT_FIELD, APPEND_TO_ARRAY and REMOVE_FROM_ARRAY on dot paths of an item's data.
 * System fields cannot be patched.
 */

import { validationError, violation } from "../../platform/errors.ts";
import { parseFieldPath } from "../../platform/query/parse-filter.ts";
import { createViolationCollector } from "../../platform/query/request-fields.ts";
import type { FieldPath } from "../../platform/query/types.ts";
import { isPlainObject, setOwn } from "../../platform/query/values.ts";
import { type ItemData, SYSTEM_FIELDS } from "../storage/items-store.ts";
import { checkDepth } from "./item-input.ts";

export const MAX_FIELD_MODIFICATIONS = 1000;

const OPTION_KEYS = {
  SET_FIELD: "setFieldOptions",
  REMOVE_FIELD: null,
  INCREMENT_FIELD: "incrementFieldOptions",
  APPEND_TO_ARRAY: "appendToArrayOptions",
  REMOVE_FROM_ARRAY: "removeFromArrayOptions",
} as const;

type PatchAction = keyof typeof OPTION_KEYS;

export type FieldModification = {
  path: FieldPath;
  fieldPath: string;
  action: PatchAction;
  value: unknown;
};

function isAction(value: unknown): value is PatchAction {
  return typeof value === "string" && Object.hasOwn(OPTION_KEYS, value);
}

/**
 * Reads `fieldModifications` at `at`.
 * @throws ApiError VALIDATION_FAILED listing every bad modification.
 */
export function readFieldModifications(raw: unknown, at: string): FieldModification[] {
  if (!Array.isArray(raw) || raw.length === 0) {
    throw validationError([violation(at, "must be a non-empty array", "REQUIRED_FIELD")]);
  }
  if (raw.length > MAX_FIELD_MODIFICATIONS) {
    throw validationError([
      violation(at, `must have at most ${MAX_FIELD_MODIFICATIONS} entries`, "MAX_SIZE", {
        threshold: MAX_FIELD_MODIFICATIONS,
      }),
    ]);
  }
  const { collect, throwIfAny, violations } = createViolationCollector();
  const modifications = raw.flatMap((entry: unknown, i): FieldModification[] => {
    const entryAt = `${at}[${i}]`;
    if (!isPlainObject(entry)) {
      violations.push(violation(entryAt, "must be {fieldPath, action, ...options}"));
      return [];
    }
    const path = collect(null, () => parseFieldPath(entry.fieldPath, `${entryAt}.fieldPath`));
    if (path && SYSTEM_FIELDS.has(path[0] ?? "")) {
      violations.push(
        violation(`${entryAt}.fieldPath`, "system fields cannot be patched", "FIELD_NOT_ALLOWED"),
      );
    }
    const action = entry.action;
    if (!isAction(action)) {
      violations.push(
        violation(`${entryAt}.action`, "must be a patch action", "INVALID_ENUM_VALUE", {
          allowed: Object.keys(OPTION_KEYS),
        }),
      );
      return [];
    }
    const optionKey = OPTION_KEYS[action];
    const options = optionKey === null ? {} : entry[optionKey];
    if (optionKey !== null && (!isPlainObject(options) || !Object.hasOwn(options, "value"))) {
      violations.push(violation(`${entryAt}.${optionKey}.value`, "is required", "REQUIRED_FIELD"));
      return [];
    }
    const value = isPlainObject(options) ? options.value : undefined;
    if (action === "INCREMENT_FIELD" && (typeof value !== "number" || !Number.isFinite(value))) {
      violations.push(violation(`${entryAt}.${optionKey}.value`, "must be a number"));
    }
    const tooDeep = checkDepth(value, `${entryAt}.${optionKey}.value`);
    if (tooDeep) violations.push(tooDeep);
    return path ? [{ path, fieldPath: entry.fieldPath as string, action, value }] : [];
  });
  throwIfAny();
  return modifications;
}

function clone<T>(value: T): T {
  return structuredClone(value);
}

/** Deep equality of JSON values. */
export function jsonEquals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((x, i) => jsonEquals(x, b[i]));
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length &&
      keys.every((key) => Object.hasOwn(b, key) && jsonEquals(a[key], b[key]))
    );
  }
  return false;
}

/**
 * The data with the modifications applied in order (the input is not changed).
 * @throws ApiError VALIDATION_FAILED when a path crosses a non-object or a value has the wrong type.
 */
export function applyPatch(data: ItemData, modifications: readonly FieldModification[]): ItemData {
  const result = clone(data);
  modifications.forEach((modification, i) => {
    const at = `patch.fieldModifications[${i}]`;
    const fail = (description: string) =>
      validationError([violation(`${at}.fieldPath`, description, "OTHER")]);
    let parent: Record<string, unknown> = result;
    for (const segment of modification.path.slice(0, -1)) {
      const next = Object.hasOwn(parent, segment) ? parent[segment] : undefined;
      if (next === undefined || next === null) {
        if (modification.action === "REMOVE_FIELD" || modification.action === "REMOVE_FROM_ARRAY")
          return;
        setOwn(parent, segment, {});
      } else if (!isPlainObject(next)) {
        throw fail(`[${modification.fieldPath}] goes through [${segment}], which is not an object`);
      }
      parent = parent[segment] as Record<string, unknown>;
    }
    const key = modification.path.at(-1) ?? "";
    const current = Object.hasOwn(parent, key) ? parent[key] : undefined;
    const value = clone(modification.value);
    switch (modification.action) {
      case "SET_FIELD":
        setOwn(parent, key, value);
        return;
      case "REMOVE_FIELD":
        delete parent[key];
        return;
      case "INCREMENT_FIELD":
        if (current !== undefined && current !== null && typeof current !== "number") {
          throw fail(`[${modification.fieldPath}] is not a number`);
        }
        setOwn(parent, key, (typeof current === "number" ? current : 0) + (value as number));
        return;
      case "APPEND_TO_ARRAY":
        if (current !== undefined && current !== null && !Array.isArray(current)) {
          throw fail(`[${modification.fieldPath}] is not an array`);
        }
        setOwn(parent, key, [...(Array.isArray(current) ? current : []), value]);
        return;
      case "REMOVE_FROM_ARRAY":
        if (current === undefined || current === null) return;
        if (!Array.isArray(current)) throw fail(`[${modification.fieldPath}] is not an array`);
        setOwn(
          parent,
          key,
          current.filter((element) => !jsonEquals(element, value)),
        );
        return;
    }
  });
  return result;
}
