/**
 * The verdicts on surviving mutants are data (docs/mutation-verdicts.json): each entry must name a
 * file that exists, a target, and a verdict with its reason, and every survivor the scores record
 * (docs/mutation-scores.json) must have an entry, or the table's "equivalent" counts would be
 * wrong without anyone seeing it.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { TARGETS } from "./targets.mjs";
import { faultsOf, judgementOf, NOT_YET_KILLED, readVerdicts, withSurvivors } from "./verdicts.mjs";

const ROOT = join(import.meta.dirname, "..", "..");
const scores = JSON.parse(readFileSync(join(ROOT, "docs", "mutation-scores.json"), "utf8"));
const verdicts = readVerdicts();

const survivor = (where: string, replacement = "false") => ({
  where,
  mutator: "ConditionalExpression",
  status: "Survived",
  original: "if (a) {",
  replacement,
});
const entry = (file: string, line: number, verdict: string, replacement?: string) => ({
  file,
  line,
  mutator: "ConditionalExpression",
  ...(replacement === undefined ? {} : { replacement }),
  target: "limits",
  verdict,
  reason: verdict === NOT_YET_KILLED ? null : "why",
});

describe("mutation verdicts", () => {
  it("are well formed", () => {
    expect(faultsOf(verdicts, TARGETS)).toEqual([]);
  });

  it("name files that exist, by their path from the repository root", () => {
    const missing = [...new Set(verdicts.map((v: { file: string }) => v.file))].filter(
      (file) => !existsSync(join(ROOT, file)),
    );
    expect(missing).toEqual([]);
  });

  it("hold an entry for every survivor the scores record", () => {
    expect(withSurvivors(verdicts, scores, TARGETS)).toEqual(verdicts);
  });

  it("add a survivor no entry judges as not yet killed, and drop such entries once judged", () => {
    const scored = { limits: { summary: { survivors: [survivor("a.ts:3"), survivor("a.ts:9")] } } };
    const kept = [entry("a.ts", 3, "equivalent"), entry("gone.ts", 1, NOT_YET_KILLED)];
    const synced = withSurvivors(kept, scored, TARGETS);
    expect(synced.map((v: { file: string; verdict: string }) => `${v.file} ${v.verdict}`)).toEqual([
      "a.ts equivalent",
      `a.ts ${NOT_YET_KILLED}`,
    ]);
    expect(synced[1]).toMatchObject({ line: 9, replacement: "false", status: "Survived" });
  });

  it("judge one replacement when an entry names it, and every one when it does not", () => {
    const named = [entry("a.ts", 3, "equivalent", "true")];
    expect(judgementOf(named, survivor("a.ts:3", "false"))).toBeNull();
    expect(judgementOf(named, survivor("a.ts:3", "true"))).not.toBeNull();
    expect(judgementOf([entry("a.ts", 3, "equivalent")], survivor("a.ts:3"))).not.toBeNull();
    expect(judgementOf([entry("a.ts", 3, NOT_YET_KILLED)], survivor("a.ts:3"))).toBeNull();
  });
});
