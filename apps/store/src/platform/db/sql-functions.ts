/**
 * @module SQLite functions the query compiler relies on. They reuse the evaluator's JavaScript so
 * that SQL and in-memory semantics cannot drift apart.
 */
import type { Database } from "better-sqlite3";
import { matchesSpec } from "../query/matches-spec.ts";
import { stringMatches } from "../query/string-match.ts";
import type { MatchesSpecPart, StringOp } from "../query/types.ts";
import { dateOf, unicodeLower } from "../query/values.ts";

const DETERMINISTIC = { deterministic: true, varargs: false } as const;

function isStringOp(op: unknown): op is StringOp {
  return op === "startsWith" || op === "endsWith" || op === "contains";
}

/** Registers unicode_lower, date_ms, string_match and wix_matches on a connection. */
export function registerSqlFunctions(db: Database): void {
  db.function("unicode_lower", DETERMINISTIC, (text: unknown) =>
    typeof text === "string" ? unicodeLower(text) : null,
  );
  // Receives the JSON text of an object value (json_extract returns objects as text).
  db.function("date_ms", DETERMINISTIC, (json: unknown) => {
    if (typeof json !== "string" || !json.startsWith("{")) return null;
    try {
      return dateOf(JSON.parse(json));
    } catch {
      return null;
    }
  });
  db.function("string_match", DETERMINISTIC, (op: unknown, text: unknown, operand: unknown) => {
    if (typeof text !== "string" || typeof operand !== "string" || !isStringOp(op)) return 0;
    return stringMatches(text, op, operand) ? 1 : 0;
  });
  db.function("wix_matches", DETERMINISTIC, (text: unknown, ignoreCase: unknown, spec: unknown) => {
    if (typeof text !== "string" || typeof spec !== "string") return 0;
    const parts = JSON.parse(spec) as MatchesSpecPart[];
    return matchesSpec(text, ignoreCase === 1, parts) ? 1 : 0;
  });
}
