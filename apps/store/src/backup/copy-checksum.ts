/**
 * @module What "the same rows" means across SQLite and PostgreSQL: each row in a canonical form
 * and a SHA-256 over a table's rows in sorted order, so a copy compares equal exactly when every
 * row arrived. Normalised are only the differences the engines impose: jsonb reorders keys and
 * respaces (JSON columns are compared parsed, keys sorted), and PostgreSQL text cannot hold
 * U+0000 or lone surrogates (both read as U+FFFD, as the PostgreSQL adapter stores them).
 */
import { createHash } from "node:crypto";
import type { CopyTable } from "./copy-tables.ts";

export type TableChecksum = { rows: number; sha256: string };

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function canonicalText(text: string): string {
  return text.replaceAll("\u0000", "\uFFFD").replace(LONE_SURROGATE, "\uFFFD");
}

/** A JSON value with strings normalised and object keys sorted, ready for JSON.stringify. */
export function canonicalJsonValue(value: unknown): unknown {
  if (typeof value === "string") return canonicalText(value);
  if (Array.isArray(value)) return value.map(canonicalJsonValue);
  if (value !== null && typeof value === "object") {
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      sorted[canonicalText(key)] = canonicalJsonValue((value as Record<string, unknown>)[key]);
    }
    return sorted;
  }
  return value;
}

function canonicalValue(value: unknown, isJson: boolean): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === "bigint") return Number(value);
  if (typeof value !== "string") return value;
  return isJson ? canonicalJsonValue(JSON.parse(value)) : canonicalText(value);
}

/** One row as a string; `columns` in a fixed order. */
export function canonicalRow(
  table: CopyTable,
  columns: readonly string[],
  row: Record<string, unknown>,
): string {
  const json = new Set(table.json ?? []);
  return JSON.stringify(columns.map((column) => canonicalValue(row[column], json.has(column))));
}

/** Row count and SHA-256 of the canonical rows, sorted, one per line. */
export function tableChecksum(
  table: CopyTable,
  columns: readonly string[],
  rows: readonly Record<string, unknown>[],
): TableChecksum {
  const sortedColumns = [...columns].sort();
  const lines = rows.map((row) => canonicalRow(table, sortedColumns, row)).sort();
  const hash = createHash("sha256");
  for (const line of lines) hash.update(`${line}\n`);
  return { rows: rows.length, sha256: hash.digest("hex") };
}
