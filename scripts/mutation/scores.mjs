/**
 * @module Mutation scores from Stryker's JSON reports (reports/mutation/<target>.json), kept in
 * docs/mutation-scores.json per target (a target not run again keeps its last figures) and
 * rendered as a table into docs/reliability.md between the mutation-score markers. Each
 * survivor's verdict is kept in docs/mutation-verdicts.json (verdicts.mjs), where a survivor no
 * entry judges is added as "not yet killed".
 */
import { execSync } from "node:child_process";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { TARGETS } from "./targets.mjs";
import {
  EQUIVALENT,
  judgementOf,
  NOT_YET_KILLED,
  readVerdicts,
  withSurvivors,
  writeVerdicts,
} from "./verdicts.mjs";

export const ROOT = join(import.meta.dirname, "..", "..");
const SCORES_PATH = join(ROOT, "docs", "mutation-scores.json");
const DOC_PATH = join(ROOT, "docs", "reliability.md");
const START = "<!-- mutation-score:start -->";
const END = "<!-- mutation-score:end -->";
const ANALYSIS_END = "\n## Durability";

/** Stryker's counts: a timed-out mutant counts as detected; ignored ones not at all. */
export function summarise(report, root = ROOT) {
  const counts = { killed: 0, timeout: 0, survived: 0, noCoverage: 0, ignored: 0, errors: 0 };
  const survivors = [];
  for (const [file, { mutants, source }] of Object.entries(report.files)) {
    const lines = source.split("\n");
    for (const mutant of mutants) {
      const status = mutant.status;
      if (status === "Killed") counts.killed++;
      else if (status === "Timeout") counts.timeout++;
      else if (status === "Ignored") counts.ignored++;
      else if (status === "Survived" || status === "NoCoverage") {
        if (status === "Survived") counts.survived++;
        else counts.noCoverage++;
        const line = mutant.location.start.line;
        const path = relative(root, file.startsWith("/") ? file : join(root, file));
        survivors.push({
          where: `${path}:${line}`,
          mutator: mutant.mutatorName,
          status,
          original: (lines[line - 1] ?? "").trim().slice(0, 100),
          replacement: String(mutant.replacement ?? "")
            .replace(/\s+/g, " ")
            .slice(0, 100),
        });
      } else counts.errors++;
    }
  }
  const detected = counts.killed + counts.timeout;
  const valid = detected + counts.survived + counts.noCoverage;
  return { ...counts, score: valid === 0 ? null : (100 * detected) / valid, survivors };
}

const isEquivalent = (verdicts, survivor) =>
  judgementOf(verdicts, survivor)?.verdict === EQUIVALENT;

/** The table of scores, one row per target, and where the survivors' verdicts are kept. */
export function renderSection(scores, verdicts = readVerdicts()) {
  const rows = Object.entries(TARGETS).map(([name, target]) => {
    const entry = scores[name];
    if (entry === undefined) return `| ${target.label} | not run yet | | | | | |`;
    const s = entry.summary;
    const total = s.killed + s.timeout + s.survived + s.noCoverage;
    const listed = s.survivors.filter((v) => isEquivalent(verdicts, v)).length;
    return `| ${target.label} | **${s.score.toFixed(1)} %** | ${total} | ${s.killed + s.timeout} | ${s.survived + s.noCoverage} (${listed} equivalent) | ${s.ignored} | ${entry.at.slice(0, 16).replace("T", " ")} UTC, ${entry.commit} |`;
  });
  const groups = Object.keys(TARGETS).filter((name) => name.startsWith("identity-"));
  const measured = groups.filter((name) => scores[name] !== undefined);
  if (measured.length > 0) {
    const sum = (key) => measured.reduce((total, name) => total + scores[name].summary[key], 0);
    const detected = sum("killed") + sum("timeout");
    const surviving = sum("survived") + sum("noCoverage");
    const listed = measured.reduce(
      (total, name) =>
        total + scores[name].summary.survivors.filter((v) => isEquivalent(verdicts, v)).length,
      0,
    );
    const missing = groups.length - measured.length;
    rows.push(
      `| identity/, its ${measured.length} measured groups together${missing > 0 ? ` (${missing} not run yet)` : ""} | **${((100 * detected) / (detected + surviving)).toFixed(1)} %** | ${detected + surviving} | ${detected} | ${surviving} (${listed} equivalent) | ${sum("ignored")} | |`,
    );
  }
  const survivors = Object.keys(TARGETS).flatMap((name) => scores[name]?.summary.survivors ?? []);
  const equivalent = survivors.filter((v) => isEquivalent(verdicts, v)).length;
  return [
    START,
    "",
    "| Folder | Score | Mutants | Detected | Surviving | Static, not measured | Run |",
    "|---|---|---|---|---|---|---|",
    ...rows,
    "",
    `Each surviving mutant and its verdict: \`docs/mutation-verdicts.json\` (${survivors.length} survivors: ${equivalent} equivalent, ${survivors.length - equivalent} ${NOT_YET_KILLED}).`,
    "",
    END,
  ].join("\n");
}

/** The doc with the section replaced, or added at the end of the hand-kept Analysis. */
export function withSection(doc, section) {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start !== -1 && end !== -1)
    return doc.slice(0, start) + section + doc.slice(end + END.length);
  const at = doc.indexOf(ANALYSIS_END);
  const heading = "### Mutation score (`npm run test:mutation`)\n\n";
  if (at === -1) return `${doc.trimEnd()}\n\n${heading}${section}\n`;
  return `${doc.slice(0, at)}\n${heading}${section}\n${doc.slice(at)}`;
}

/**
 * Keeps the scores, adds the survivors no verdict judges yet to docs/mutation-verdicts.json as
 * "not yet killed" (dropping such entries whose mutants are judged or gone), and rewrites the
 * doc's table. Answers the survivors not yet judged.
 */
export function writeScores(scores) {
  writeFileSync(SCORES_PATH, `${JSON.stringify(scores, null, 2)}\n`);
  const verdicts = withSurvivors(readVerdicts(), scores, TARGETS);
  writeVerdicts(verdicts);
  writeFileSync(
    DOC_PATH,
    withSection(readFileSync(DOC_PATH, "utf8"), renderSection(scores, verdicts)),
  );
  return verdicts.filter((entry) => entry.verdict === NOT_YET_KILLED);
}

/** Folds the targets' fresh reports into the kept scores and rewrites the verdicts and the doc. */
export function recordScores(names) {
  const scores = existsSync(SCORES_PATH) ? JSON.parse(readFileSync(SCORES_PATH, "utf8")) : {};
  const commit = execSync("git rev-parse --short HEAD", { cwd: ROOT }).toString().trim();
  for (const name of names) {
    const path = join(ROOT, "reports", "mutation", `${name}.json`);
    if (!existsSync(path)) continue;
    // A report already recorded keeps the time and commit of its run.
    const recorded = scores[name]?.at;
    if (recorded !== undefined && statSync(path).mtimeMs <= Date.parse(recorded)) continue;
    const summary = summarise(JSON.parse(readFileSync(path, "utf8")));
    scores[name] = { at: new Date().toISOString(), commit, summary };
  }
  writeScores(scores);
  return scores;
}
