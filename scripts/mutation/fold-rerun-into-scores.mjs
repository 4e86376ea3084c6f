/**
 * @module `node scripts/mutation/fold-rerun-into-scores.mjs <target> <rerun.json>`: for a target
 * whose last full report is gone but whose recorded scores list its survivors (docs/mutation-
 * scores.json), folds a re-run of the survivors' lines (Stryker's `--mutate file.ts:10-40`):
 * of the recorded survivors that share a place, mutator and replacement, as many as the re-run
 * saw survive stay; the others count as detected from then on. The other mutants keep the full
 * run's verdict, which added tests can only improve. Rewrites docs/mutation-scores.json, the
 * table in docs/reliability.md and the "not yet killed" entries of docs/mutation-verdicts.json.
 */
import { execSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, summarise, writeScores } from "./scores.mjs";

const [name, rerunPath] = process.argv.slice(2);
if (rerunPath === undefined) {
  console.error("usage: fold-rerun-into-scores.mjs <target> <rerun.json>");
  process.exit(2);
}
const scoresPath = join(ROOT, "docs", "mutation-scores.json");
const scores = JSON.parse(readFileSync(scoresPath, "utf8"));
const entry = scores[name];
if (entry === undefined) {
  console.error(`no recorded scores for ${name}`);
  process.exit(2);
}

const keyOf = (v) => `${v.where} ${v.mutator} ${v.replacement}`;
const rerun = JSON.parse(readFileSync(rerunPath, "utf8"));
// Per survivor description (place, mutator, replacement), how many the re-run still saw survive;
// a description the re-run did not reach at all keeps the full run's survivors.
const reached = new Map();
for (const [file, { mutants, source }] of Object.entries(rerun.files)) {
  for (const mutant of mutants) {
    // Described as the recorded survivors are: summarised as if it had survived.
    const [as] = summarise({
      files: { [file]: { source, mutants: [{ ...mutant, status: "Survived" }] } },
    }).survivors;
    const survived = mutant.status === "Survived" || mutant.status === "NoCoverage";
    reached.set(keyOf(as), (reached.get(keyOf(as)) ?? 0) + (survived ? 1 : 0));
  }
}

const summary = entry.summary;
let folded = 0;
summary.survivors = summary.survivors.filter((v) => {
  const key = keyOf(v);
  if (!reached.has(key)) return true;
  const stillSurviving = reached.get(key);
  if (stillSurviving > 0) {
    reached.set(key, stillSurviving - 1);
    return true;
  }
  if (v.status === "NoCoverage") summary.noCoverage--;
  else summary.survived--;
  summary.killed++;
  folded++;
  return false;
});
const detected = summary.killed + summary.timeout;
summary.score = (100 * detected) / (detected + summary.survived + summary.noCoverage);
entry.at = new Date().toISOString();
entry.commit = execSync("git rev-parse --short HEAD", { cwd: ROOT }).toString().trim();
// The scores, docs/reliability.md's table, and the verdicts' "not yet killed" entries.
writeScores(scores);
console.log(`${name}: ${folded} survivors now detected; score ${summary.score.toFixed(1)} %`);
