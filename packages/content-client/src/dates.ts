/** Serializes a request payload to JSON, turning every `Date` (at any depth) into `{"$date": iso}`. */
export function stringifyWithDates(payload: unknown): string {
  return JSON.stringify(payload, function replaceDate(this: unknown, key: string, value: unknown) {
    // `value` has already been through Date#toJSON; the holder still has the Date itself.
    const original: unknown = (this as Record<string, unknown>)[key];
    if (!(original instanceof Date)) return value;
    if (Number.isNaN(original.getTime())) {
      throw new TypeError(`Invalid Date in the request at "${key}"`);
    }
    return { $date: original.toISOString() };
  });
}

/** `JSON.parse` reviver that turns `{"$date": iso}` objects into `Date` (docs/protocol.md §4.2). */
export function reviveDate(_key: string, value: unknown): unknown {
  if (typeof value !== "object" || value === null || !("$date" in value)) return value;
  const iso = value.$date;
  // Numeric strings parse as years in some engines; the SDK leaves them alone, and so do we.
  if (typeof iso !== "string" || iso.trim() === "" || !Number.isNaN(Number(iso))) return value;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? value : date;
}
