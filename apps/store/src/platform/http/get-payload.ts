/**
 * @module The payload of a GET data call (docs/protocol.md §2.4, §10): `?.r=<base64url(JSON)>` when
 * present, else the flat query parameters (repeated keys are arrays, booleans are
 * `true`/`false`). Routes also take the same payload as a POST body.
 */
import { validationError, violation } from "../errors.ts";
import { decodeDotR } from "./dot-r.ts";
import type { QueryParams } from "./query-string.ts";

export type FlatSchema = {
  strings?: readonly string[];
  booleans?: readonly string[];
  lists?: readonly string[];
};

function single(params: QueryParams, key: string): string | undefined {
  const value = params[key];
  if (Array.isArray(value)) {
    throw validationError([violation(key, "must appear at most once")], "invalid query");
  }
  return value;
}

/**
 * The request payload of a GET: the decoded `.r`, or the parameters named in `schema`
 * (others are ignored, as the hosted platform ignores `dataItemId` in the query).
 * @throws ApiError VALIDATION_FAILED for a bad `.r`, a repeated single key or a bad boolean.
 */
export function getPayload(params: QueryParams, schema: FlatSchema): Record<string, unknown> {
  if (params[".r"] !== undefined) return decodeDotR(params[".r"]);
  const payload: Record<string, unknown> = {};
  for (const key of schema.strings ?? []) {
    const value = single(params, key);
    if (value !== undefined) payload[key] = value;
  }
  for (const key of schema.booleans ?? []) {
    const value = single(params, key);
    if (value === undefined) continue;
    if (value !== "true" && value !== "false") {
      throw validationError([violation(key, "must be true or false")], "invalid query");
    }
    payload[key] = value === "true";
  }
  for (const key of schema.lists ?? []) {
    const value = params[key];
    if (value !== undefined) payload[key] = Array.isArray(value) ? value : [value];
  }
  return payload;
}
