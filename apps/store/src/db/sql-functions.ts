/**
 * @module SQLite functions the query compiler relies on. They reuse the evaluator's JavaScript so
 * that SQL and in-memory semantics cannot drift apart.
 */
import type { Database } from "better-sqlite3";
import { matchesSpec } from "../query/matches-spec.ts";
import type { MatchesSpecPart } from "../query/types.ts";
import { dateOf, unicodeLower } from "../query/values.ts";

const DETERMINISTIC = { deterministic: true, varargs: false } as const;

/** Registers unicode_lower, date_ms and wix_matches on a connection. */
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
  db.function("wix_matches", DETERMINISTIC, (text: unknown, ignoreCase: unknown, spec: unknown) => {
    if (typeof text !== "string" || typeof spec !== "string") return 0;
    const parts = JSON.parse(spec) as MatchesSpecPart[];
    return matchesSpec(text, ignoreCase === 1, parts) ? 1 : 0;
  });
}
