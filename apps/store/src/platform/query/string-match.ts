/**
 * @module `$startsWith`, `$endsWith` and `$contains` on already lower-cased text. Registered in
 * SQLite as `string_match` because SQLite's substr() and length() stop at NUL characters.
 */
import type { StringOp } from "./types.ts";

export function stringMatches(subject: string, op: StringOp, operand: string): boolean {
  if (op === "startsWith") return subject.startsWith(operand);
  if (op === "endsWith") return subject.endsWith(operand);
  return subject.includes(operand);
}
