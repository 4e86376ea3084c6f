/**
 * @module Value semantics of the query language: type kinds, dates, case folding and the total
 * order used by sort. The SQL compiler registers these same functions in SQLite so both agree.
 */

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** Epoch ms of an ISO-8601 date-time string, or null. Only full date-times are dates. */
export function parseIsoDate(text: unknown): number | null {
  if (typeof text !== "string" || !ISO_DATE.test(text)) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : ms;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Sets an own data property, so a field named "__proto__" cannot reach the prototype. */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** Epoch ms when `value` is a `{"$date": iso}` object, else null. */
export function dateOf(value: unknown): number | null {
  if (!isPlainObject(value) || !Object.hasOwn(value, "$date")) return null;
  return parseIsoDate(value.$date);
}

/**
 * Replaces lone UTF-16 surrogates with U+FFFD. SQLite stores UTF-8, which cannot hold them, so
 * operands and stored data are normalised the same way before either side sees them.
 */
export function wellFormed(text: string): string {
  return text.replace(/\p{Surrogate}/gu, "\uFFFD");
}

/**
 * `wellFormed` applied to every string and key of a JSON value; `-0` becomes `0`, as JSON
 * stores it, so a write answers exactly what later reads return.
 */
export function wellFormedJson(value: unknown): unknown {
  if (typeof value === "string") return wellFormed(value);
  if (Object.is(value, -0)) return 0;
  if (Array.isArray(value)) return value.map(wellFormedJson);
  if (isPlainObject(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [wellFormed(key), wellFormedJson(inner)]),
    );
  }
  return value;
}

/** Case folding for the string operators; registered in SQLite as `unicode_lower`. */
export function unicodeLower(text: string): string {
  return text.toLowerCase();
}

/**
 * Compares strings by Unicode code point, which equals SQLite's BINARY collation over UTF-8
 * (it differs from JavaScript's code-unit order only for astral characters).
 */
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  let i = 0;
  while (i < a.length && i < b.length) {
    const ca = a.codePointAt(i) ?? 0;
    const cb = b.codePointAt(i) ?? 0;
    if (ca !== cb) return ca < cb ? -1 : 1;
    i += ca > 0xffff ? 2 : 1;
  }
  return a.length < b.length ? -1 : a.length > b.length ? 1 : 0;
}

/**
 * Sort rank of a value's type: missing and null lowest, then booleans, numbers, strings, dates,
 * and last arrays and other objects (which compare equal among themselves).
 */
export function sortRank(value: unknown): number {
  if (value === undefined || value === null) return 0;
  if (typeof value === "boolean") return 1;
  if (typeof value === "number") return 2;
  if (typeof value === "string") return 3;
  if (dateOf(value) !== null) return 4;
  return 5;
}

/** Total order over field values used by sort (ascending). */
export function compareValues(a: unknown, b: unknown): number {
  const rankA = sortRank(a);
  const rankB = sortRank(b);
  if (rankA !== rankB) return rankA < rankB ? -1 : 1;
  if (typeof a === "boolean" && typeof b === "boolean") return Number(a) - Number(b);
  if (typeof a === "number" && typeof b === "number") return a === b ? 0 : a < b ? -1 : 1;
  if (typeof a === "string" && typeof b === "string") return compareStrings(a, b);
  if (rankA === 4) {
    const da = dateOf(a) ?? 0;
    const db = dateOf(b) ?? 0;
    return da === db ? 0 : da < db ? -1 : 1;
  }
  return 0;
}
