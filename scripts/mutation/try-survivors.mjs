/**
 * @module `node scripts/mutation/try-survivors.mjs <report.json> <source.ts> [--lines a-b,c]
 * -- <vitest args>`: puts each mutant a Stryker report left alive in one source file back into
 * that file, one at a time, runs the given tests, and says which the tests now kill. For writing
 * the tests that kill survivors without a full Stryker run; the source is restored after each
 * mutant and on Ctrl-C. The report must be of the file as it is now (the source is compared).
 * With `--record out.json`, a copy of the report is written with the mutants killed here marked
 * Killed (statusReason names the tests), to fold into the scores (`--scores-only`).
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { relative, resolve } from "node:path";

const separator = process.argv.indexOf("--");
const own = process.argv.slice(2, separator === -1 ? undefined : separator);
const vitestArgs = separator === -1 ? [] : process.argv.slice(separator + 1);
const flagValue = (flag) => (own.includes(flag) ? own[own.indexOf(flag) + 1] : undefined);
const [reportPath, sourceArg] = own.filter(
  (arg, i) => !arg.startsWith("--") && own[i - 1] !== "--lines" && own[i - 1] !== "--record",
);
const recordPath = flagValue("--record");
if (!reportPath || !sourceArg || vitestArgs.length === 0) {
  console.error(
    "usage: try-survivors.mjs <report.json> <source.ts> [--lines 10-20,31] -- <test files>",
  );
  process.exit(2);
}

const wanted = parseLines(flagValue("--lines"));
const report = JSON.parse(readFileSync(reportPath, "utf8"));
const sourcePath = resolve(sourceArg);
const key = Object.keys(report.files).find((file) => resolve(file) === sourcePath);
if (key === undefined) throw new Error(`${relative(".", sourcePath)} is not in ${reportPath}`);
const original = readFileSync(sourcePath, "utf8");
if (original !== report.files[key].source) {
  throw new Error(`${key} changed since the report was written: its mutant positions are stale`);
}
const survivors = report.files[key].mutants.filter(
  (mutant) =>
    (mutant.status === "Survived" || mutant.status === "NoCoverage") &&
    (wanted === undefined || wanted(mutant.location.start.line)),
);

const restore = () => writeFileSync(sourcePath, original);
process.on("SIGINT", () => {
  restore();
  process.exit(130);
});

const runTests = (stdio) =>
  spawnSync("npx", ["vitest", "run", "--bail=1", ...vitestArgs], {
    stdio,
    env: { ...process.env, FORCE_COLOR: "0" },
  });
// A failing or missing test would "kill" every mutant: the tests must pass on the real source.
if (runTests("inherit").status !== 0) {
  console.error("the tests fail without any mutant: fix them first");
  process.exit(1);
}

let killed = 0;
for (const mutant of survivors) {
  writeFileSync(sourcePath, applyMutant(original, mutant));
  const run = runTests("ignore");
  restore();
  // Ctrl-C reaches the tests too, and the SIGINT handler cannot run while spawnSync blocks:
  // a run ended by a signal stops here (the source is back) rather than counting as a kill.
  if (run.signal !== null) {
    console.error(`stopped by ${run.signal}; the source is restored`);
    process.exit(130);
  }
  const verdict = run.status === 0 ? "survives" : "killed";
  if (run.status !== 0) {
    killed += 1;
    mutant.status = "Killed";
    mutant.statusReason = `killed by try-survivors running ${vitestArgs.join(" ")}`;
  }
  const { line, column } = mutant.location.start;
  console.log(
    `${verdict.padEnd(8)} ${key}:${line}:${column} ${mutant.mutatorName} → ${oneLine(mutant.replacement)}`,
  );
}
console.log(`${killed} of ${survivors.length} killed`);
if (recordPath !== undefined) writeFileSync(recordPath, JSON.stringify(report));

/** The file with one mutant put in, as Stryker placed it (1-based lines and columns). */
function applyMutant(text, mutant) {
  const lines = text.split("\n");
  const offset = (position) =>
    lines.slice(0, position.line - 1).reduce((sum, line) => sum + line.length + 1, 0) +
    position.column -
    1;
  const { start, end } = mutant.location;
  return text.slice(0, offset(start)) + mutant.replacement + text.slice(offset(end));
}

function parseLines(spec) {
  if (spec === undefined) return undefined;
  const ranges = spec.split(",").map((part) => part.split("-").map(Number));
  return (line) => ranges.some(([from, to = from]) => line >= from && line <= to);
}

function oneLine(text) {
  const flat = text.replace(/\s+/g, " ");
  return flat.length > 70 ? `${flat.slice(0, 67)}...` : flat;
}
