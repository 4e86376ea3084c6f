import { base64ToBytes, bytesToBase64 } from "./base64.ts";

/**
 * Where a generated-module message (identity, redirects, ...) holds values that JSON cannot carry
 * as such (docs/protocol.md §4.2). Paths use the wire field names in dot notation; arrays on the
 * way are walked element by element, so `identity.identityProfile.customFields.value.dateValue`
 * reaches every custom field.
 */
export interface GeneratedSchema {
  /** Timestamp fields: ISO strings on the wire, `Date` for the caller. */
  timestamps?: readonly string[];
  /** `bytes` fields: base64 on the wire, `Uint8Array` for the caller. */
  bytes?: readonly string[];
  /** Float fields that may travel as `"NaN"`, `"Infinity"` or `"-Infinity"`. */
  floats?: readonly string[];
}

const TO_CALLER: Readonly<Record<string, string>> = {
  id: "_id",
  createdDate: "_createdDate",
  updatedDate: "_updatedDate",
};
const TO_WIRE: Readonly<Record<string, string>> = {
  _id: "id",
  _createdDate: "createdDate",
  _updatedDate: "updatedDate",
};
const SPECIAL_FLOATS: Readonly<Record<string, number>> = {
  NaN: Number.NaN,
  Infinity: Number.POSITIVE_INFINITY,
  "-Infinity": Number.NEGATIVE_INFINITY,
};

/**
 * Converts a generated module's 200 body the way the SDK does: declared timestamps to `Date`,
 * bytes to `Uint8Array`, special float strings to numbers, then every key `id`, `createdDate`,
 * `updatedDate` (at any depth) renamed `_id`, `_createdDate`, `_updatedDate`. The input is not changed.
 *
 * Data-items calls do not use this: their only transform is `{"$date"}` <-> `Date`.
 *
 * @example
 * ```ts
 * const logout = fromGeneratedResponse(body, { bytes: ["body"] }); // logout.body is a Uint8Array
 * ```
 */
export function fromGeneratedResponse(body: unknown, schema: GeneratedSchema): unknown {
  let value = body;
  value = mapPaths(value, schema.timestamps, (v) => (typeof v === "string" ? new Date(v) : v));
  value = mapPaths(value, schema.bytes, (v) => (typeof v === "string" ? base64ToBytes(v) : v));
  value = mapPaths(value, schema.floats, (v) =>
    typeof v === "string" ? (SPECIAL_FLOATS[v] ?? v) : v,
  );
  return renameKeys(value, TO_CALLER);
}

/**
 * Converts a request payload for a generated module, the reverse of {@link fromGeneratedResponse}:
 * keys renamed to their wire names, then `Date` to ISO strings, `Uint8Array` to base64 and
 * non-finite numbers to their string form at the declared paths.
 */
export function toGeneratedRequest(payload: unknown, schema: GeneratedSchema): unknown {
  let value = renameKeys(payload, TO_WIRE);
  value = mapPaths(value, schema.timestamps, (v) => (v instanceof Date ? v.toISOString() : v));
  value = mapPaths(value, schema.bytes, (v) => (v instanceof Uint8Array ? bytesToBase64(v) : v));
  value = mapPaths(value, schema.floats, (v) =>
    typeof v === "number" && !Number.isFinite(v) ? String(v) : v,
  );
  return value;
}

function mapPaths(value: unknown, paths: readonly string[] = [], fn: (v: unknown) => unknown) {
  return paths.reduce((current, path) => mapPath(current, path.split("."), fn), value);
}

function mapPath(value: unknown, parts: readonly string[], fn: (v: unknown) => unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => mapPath(item, parts, fn));
  const [first, ...rest] = parts;
  if (first === undefined) return value === undefined || value === null ? value : fn(value);
  if (!isPlainObject(value) || !(first in value)) return value;
  return { ...value, [first]: mapPath(value[first], rest, fn) };
}

function renameKeys(value: unknown, names: Readonly<Record<string, string>>): unknown {
  if (Array.isArray(value)) return value.map((item) => renameKeys(item, names));
  if (!isPlainObject(value)) return value;
  const renamed: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const target = names[key];
    // Like the SDK, a key is not renamed onto one that already exists.
    const name = target !== undefined && !(target in value) ? target : key;
    renamed[name] = renameKeys(item, names);
  }
  return renamed;
}

// Dates and byte arrays are values here, not objects to walk into.
function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype
  );
}
