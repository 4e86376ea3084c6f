import { textToBase64Url } from "./base64.ts";
import { stringifyWithDates } from "./dates.ts";

/** Query strings longer than this send a GET in its fallback form (docs/protocol.md §10). */
export const GET_QUERY_LIMIT = 4000;

/**
 * Serializes a GET payload as the SDK does (docs/protocol.md §2.4): flat `key=value` pairs,
 * repeated keys for arrays, no `null`/`undefined`; or the whole payload as `.r=<base64url JSON>`
 * when it holds a nested object or an array of objects. Returns the query string without `?`.
 */
export function toGetQuery(payload: Record<string, unknown>): string {
  const entries = Object.entries(payload).filter(
    ([, value]) => value !== undefined && value !== null,
  );
  if (entries.some(([, value]) => isNested(value))) {
    return `.r=${textToBase64Url(stringifyWithDates(payload))}`;
  }
  const pairs: string[] = [];
  for (const [key, value] of entries) {
    const values: unknown[] = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item === undefined || item === null) continue;
      pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(item))}`);
    }
  }
  return pairs.join("&");
}

// A Date counts as an object: it travels as {"$date": iso}, which the flat form cannot express.
function isNested(value: unknown): boolean {
  const isObject = (item: unknown) => typeof item === "object" && item !== null;
  return Array.isArray(value) ? value.some(isObject) : isObject(value);
}
