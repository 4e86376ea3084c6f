/**
 * @module Case folding on PostgreSQL follows the server's ICU, whose Unicode version may differ
 * from Node's (Node 20's ICU 78 knows Unicode 17; Debian 12's ICU 72, Unicode 15): characters
 * cased only in the newer version fold on one side alone. The PostgreSQL tests replace those
 * characters before either side sees them, as they do NUL, so that they test the compiler.
 */
import { isPlainObject } from "../../platform/query/values.ts";
import type { PgTestSchema } from "./pg-test-schema.ts";

const MAX_CODE_POINT = 0x10ffff;

function isSurrogate(codePoint: number): boolean {
  return codePoint >= 0xd800 && codePoint <= 0xdfff;
}

/** Code points that `store_unicode_lower` and `toLowerCase` map differently on this server. */
export async function caseSkew(db: PgTestSchema): Promise<Set<number>> {
  const rows = await db.query<{ code_point: number; lowered: string }>(
    `SELECT code_point, store_unicode_lower(chr(code_point)) AS lowered
     FROM generate_series(1, ${MAX_CODE_POINT}) AS code_point
     WHERE code_point NOT BETWEEN 55296 AND 57343
       AND store_unicode_lower(chr(code_point)) <> chr(code_point)`,
  );
  const server = new Map(rows.map((row) => [row.code_point, row.lowered]));
  const skew = new Set<number>();
  for (let codePoint = 1; codePoint <= MAX_CODE_POINT; codePoint++) {
    if (isSurrogate(codePoint)) continue;
    const char = String.fromCodePoint(codePoint);
    const lowered = char.toLowerCase();
    const serverLowered = server.get(codePoint) ?? char;
    if (lowered !== serverLowered) skew.add(codePoint);
  }
  return skew;
}

/** Every string and key of a JSON value with the skewed characters replaced by U+FFFD. */
export function withoutSkew<T>(value: T, skew: ReadonlySet<number>): T;
export function withoutSkew(value: unknown, skew: ReadonlySet<number>): unknown {
  if (skew.size === 0) return value;
  const text = (input: string) =>
    [...input].map((char) => (skew.has(char.codePointAt(0) ?? 0) ? "\uFFFD" : char)).join("");
  if (typeof value === "string") return text(value);
  if (Array.isArray(value)) return value.map((inner) => withoutSkew(inner, skew));
  if (isPlainObject(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [text(key), withoutSkew(inner, skew)]),
    );
  }
  return value;
}
