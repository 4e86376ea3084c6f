/**
 * @module The internal `$matches` operator: a whole-string match against a sequence of literals
 * and single-character classes (the platform uses it for URL slugs). Registered in SQLite too.
 */
import type { MatchesSpecPart } from "./types.ts";
import { unicodeLower } from "./values.ts";

/** True when `text` is exactly the concatenation of the spec's parts. */
export function matchesSpec(
  text: string,
  ignoreCase: boolean,
  spec: readonly MatchesSpecPart[],
): boolean {
  const subject = ignoreCase ? unicodeLower(text) : text;
  let position = 0;
  for (const part of spec) {
    const value = ignoreCase ? unicodeLower(part.value) : part.value;
    if (part.type === "literal") {
      if (!subject.startsWith(value, position)) return false;
      position += value.length;
    } else {
      const char = subject.codePointAt(position);
      if (char === undefined || !value.includes(String.fromCodePoint(char))) return false;
      position += char > 0xffff ? 2 : 1;
    }
  }
  return position === subject.length;
}
