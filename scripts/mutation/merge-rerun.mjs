/**
 * @module `node scripts/mutation/merge-rerun.mjs <full.json> <rerun.json> <out.json>`: folds a
 * re-run of some lines (Stryker's `--mutate file.ts:10-40`, after tests were added) into the
 * last full report of the target, mutant by mutant (same file, mutator, place and replacement),
 * so the target's score counts the re-run's verdicts where there is one and the full run's
 * elsewhere. Then `npm run test:mutation -- <target> --scores-only` records it.
 */
import { readFileSync, writeFileSync } from "node:fs";

const [fullPath, rerunPath, outPath] = process.argv.slice(2);
if (outPath === undefined) {
  console.error("usage: merge-rerun.mjs <full.json> <rerun.json> <out.json>");
  process.exit(2);
}
const full = JSON.parse(readFileSync(fullPath, "utf8"));
const rerun = JSON.parse(readFileSync(rerunPath, "utf8"));
const keyOf = (path, m) =>
  `${path}:${m.mutatorName}:${m.location.start.line}:${m.location.start.column}:${m.location.end.line}:${m.location.end.column}:${m.replacement}`;
const fresh = new Map();
for (const [path, file] of Object.entries(rerun.files)) {
  for (const mutant of file.mutants) fresh.set(keyOf(path, mutant), mutant);
}
let replaced = 0;
for (const [path, file] of Object.entries(full.files)) {
  file.mutants = file.mutants.map((mutant) => {
    const again = fresh.get(keyOf(path, mutant));
    if (again === undefined) return mutant;
    replaced++;
    return { ...mutant, status: again.status, statusReason: again.statusReason };
  });
}
writeFileSync(outPath, JSON.stringify(full));
console.log(`${replaced} of ${fresh.size} re-run mutants folded into ${outPath}`);
