/**
 * @module The verdicts on surviving mutants, kept as data in docs/mutation-verdicts.json: an array
 * with one entry per surviving mutant, `{ file, line, mutator, original, replacement, status,
 * target, verdict, reason }`. `file` is the source file's path from the repository root, `line`
 * Stryker's (1-based) start line, `original` the source line and `replacement` the mutant's text
 * as `scores.mjs` summarises them, `status` Stryker's ("Survived", or "NoCoverage" when no test of
 * the target reaches it). `verdict` is one of:
 *
 * - "equivalent": the mutated program behaves the same, so no test can kill it; `reason` says why.
 * - "not yet killed": written by `scores.mjs` for a survivor no entry judges yet. Kill the mutant
 *   with a test, or make the entry "equivalent" with its reason; the next `--scores-only` drops
 *   the "not yet killed" entries whose mutants are judged or gone.
 *
 * An entry without `replacement` judges every mutant of its mutator on its line.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dirname, "..", "..");
export const VERDICTS_PATH = join(ROOT, "docs", "mutation-verdicts.json");
export const EQUIVALENT = "equivalent";
export const NOT_YET_KILLED = "not yet killed";
export const VERDICTS = [EQUIVALENT, NOT_YET_KILLED];

/** The kept verdicts, read afresh each time: the file is often edited while a long run goes on. */
export function readVerdicts(path = VERDICTS_PATH) {
  return existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : [];
}

export function writeVerdicts(verdicts, path = VERDICTS_PATH) {
  writeFileSync(path, `${JSON.stringify(verdicts, null, 2)}\n`);
}

/** A recorded survivor's place (`where`, "path:line" in docs/mutation-scores.json) as file and line. */
export function placeOf(survivor) {
  const at = survivor.where.lastIndexOf(":");
  return { file: survivor.where.slice(0, at), line: Number(survivor.where.slice(at + 1)) };
}

function judges(entry, survivor) {
  const { file, line } = placeOf(survivor);
  return (
    entry.file === file &&
    entry.line === line &&
    entry.mutator === survivor.mutator &&
    (entry.replacement === undefined || entry.replacement === survivor.replacement)
  );
}

/** The entry that judges a survivor (any verdict but "not yet killed"), or null. */
export function judgementOf(verdicts, survivor) {
  return (
    verdicts.find((entry) => entry.verdict !== NOT_YET_KILLED && judges(entry, survivor)) ?? null
  );
}

/**
 * The verdicts with the "not yet killed" entries made anew from the recorded survivors
 * (`scores`, as in docs/mutation-scores.json; `targets` gives their order): one for each survivor
 * no entry judges. The judged entries are kept as they are, in their order.
 */
export function withSurvivors(verdicts, scores, targets) {
  const judged = verdicts.filter((entry) => entry.verdict !== NOT_YET_KILLED);
  const unjudged = Object.keys(targets).flatMap((target) =>
    (scores[target]?.summary.survivors ?? [])
      .filter((survivor) => judgementOf(judged, survivor) === null)
      .map((survivor) => ({
        ...placeOf(survivor),
        mutator: survivor.mutator,
        original: survivor.original,
        replacement: survivor.replacement,
        status: survivor.status,
        target,
        verdict: NOT_YET_KILLED,
        reason: null,
      })),
  );
  return [...judged, ...unjudged];
}

/** What is wrong with the kept verdicts' shape, one line per fault (empty when nothing is). */
export function faultsOf(verdicts, targets) {
  if (!Array.isArray(verdicts)) return ["the verdicts are not an array"];
  return verdicts.flatMap((entry, index) => {
    const at = `entry ${index} (${entry?.file}:${entry?.line} ${entry?.mutator})`;
    const faults = [];
    if (typeof entry.file !== "string" || entry.file.startsWith("/") || entry.file.includes(":"))
      faults.push(`${at}: file must be a path from the repository root`);
    if (!Number.isInteger(entry.line) || entry.line < 1)
      faults.push(`${at}: line must be a line number`);
    if (typeof entry.mutator !== "string" || entry.mutator === "") faults.push(`${at}: no mutator`);
    if (entry.replacement !== undefined && typeof entry.replacement !== "string")
      faults.push(`${at}: replacement must be a string when given`);
    if (!(entry.target in targets)) faults.push(`${at}: no target ${entry.target}`);
    if (!VERDICTS.includes(entry.verdict))
      faults.push(`${at}: verdict must be one of ${VERDICTS.join(", ")}`);
    if (entry.verdict === EQUIVALENT && (typeof entry.reason !== "string" || entry.reason === ""))
      faults.push(`${at}: an equivalent mutant needs its reason`);
    return faults;
  });
}
