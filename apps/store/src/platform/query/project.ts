/** @module The `fields` projection of a query: `_id` plus the listed (possibly nested) fields. */
import { lookup } from "./evaluate.ts";
import type { FieldPath } from "./types.ts";
import { isPlainObject, setOwn } from "./values.ts";

type Data = Record<string, unknown>;

/** Returns only `_id` and the listed fields; an empty list returns the data unchanged. */
export function project(data: Data, fields: readonly FieldPath[]): Data {
  if (fields.length === 0) return data;
  const result: Data = { _id: data._id };
  for (const path of fields) {
    const { found, value } = lookup(data, path);
    if (!found) continue;
    let target = result;
    for (const segment of path.slice(0, -1)) {
      const next = Object.hasOwn(target, segment) ? target[segment] : undefined;
      if (!isPlainObject(next)) setOwn(target, segment, {});
      target = target[segment] as Data;
    }
    setOwn(target, path.at(-1) ?? "", value);
  }
  return result;
}
