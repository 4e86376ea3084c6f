/**
 * @module `npm run test:mutation [target...] [-- --incremental]`: Stryker over the store's
 * security and data core, one target at a time (scripts/mutation/targets.mjs), then the scores
 * into docs/mutation-scores.json and docs/reliability.md's table, and each survivor no verdict
 * judges yet into docs/mutation-verdicts.json as "not yet killed". Slow (minutes per target on
 * two cores); not part of `npm test`.
 */
import { spawnSync } from "node:child_process";
import { ROOT, recordScores } from "./scores.mjs";
import { TARGETS } from "./targets.mjs";
import { NOT_YET_KILLED, readVerdicts } from "./verdicts.mjs";

const args = process.argv.slice(2);
const flags = args.filter((arg) => arg.startsWith("--"));
const names = args.filter((arg) => !arg.startsWith("--"));
const unknown = names.filter((name) => !(name in TARGETS));
if (unknown.length > 0) {
  console.error(
    `unknown target ${unknown.join(", ")}; targets: ${Object.keys(TARGETS).join(", ")}`,
  );
  process.exit(2);
}
const chosen = names.length > 0 ? names : Object.keys(TARGETS);
const needPostgres = chosen.filter((name) => TARGETS[name].postgres === true);
if (
  needPostgres.length > 0 &&
  !process.env.STORE_TEST_DATABASE_URL &&
  !flags.includes("--scores-only")
) {
  console.error(
    `${needPostgres.join(", ")} test code only PostgreSQL runs: set STORE_TEST_DATABASE_URL ` +
      "(e.g. postgres://store_test:store_test@localhost:5432/store_test; see docs/reliability.md)",
  );
  process.exit(2);
}
let failed = false;
for (const name of chosen) {
  if (flags.includes("--scores-only")) break;
  console.log(`\nmutation testing: ${TARGETS[name].label}`);
  const result = spawnSync(
    "npx",
    ["stryker", "run", "stryker.config.mjs", ...flags.filter((f) => f !== "--scores-only")],
    { cwd: ROOT, stdio: "inherit", env: { ...process.env, MUTATION_TARGET: name } },
  );
  // Recorded at once: a long run stopped later keeps the targets it finished.
  if (result.status === 0) await recordScores([name]);
  else failed = true;
}
const scores = await recordScores(flags.includes("--scores-only") ? chosen : []);
for (const name of chosen) {
  const score = scores[name]?.summary.score;
  console.log(
    `${TARGETS[name].label}: ${score === undefined ? "not run" : `${score.toFixed(1)} %`}`,
  );
}
const unjudged = readVerdicts().filter((entry) => entry.verdict === NOT_YET_KILLED);
if (unjudged.length > 0) {
  console.log(
    `${unjudged.length} surviving mutants ${NOT_YET_KILLED}: kill them with tests, or judge them in docs/mutation-verdicts.json`,
  );
}
process.exit(failed ? 1 : 0);
