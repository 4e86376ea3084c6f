import type { FootprintResult, StoreStart } from "../footprint.ts";
import { ms, ratio, ratioOf } from "./format.ts";
import { check, type ReportRow } from "./row.ts";

/** The idle store's resident memory, in MB (2^20 bytes). */
export const IDLE_RSS_GOAL_MB = 64;
export const FIRST_ANSWER_GOAL_MS = 500;

const mb = (value: number) => `${value.toFixed(1)} MB`;

export function footprintRows(result: FootprintResult): ReportRow[] {
  const section =
    "Idle memory and start (production store: `node scripts/start.mjs`, sample content)";
  const idle = (figure: string, start: StoreStart): ReportRow => ({
    section,
    figure,
    ours: mb(start.rssMb),
    baseline: `bare Node ${mb(result.bareRssMb)}`,
    ratio: ratio(ratioOf(start.rssMb, result.bareRssMb)),
    goal: `≤ ${IDLE_RSS_GOAL_MB} MB`,
    status: check(start.rssMb <= IDLE_RSS_GOAL_MB),
  });
  const firstAnswer = (figure: string, start: StoreStart): ReportRow => ({
    section,
    figure,
    ours: ms(start.firstAnswerMs),
    baseline: "",
    ratio: "",
    goal: `≤ ${FIRST_ANSWER_GOAL_MS} ms`,
    status: check(start.firstAnswerMs <= FIRST_ANSWER_GOAL_MS),
  });
  const spawned = (figure: string, start: StoreStart): ReportRow => ({
    section,
    figure,
    ours: ms(start.spawnToFirstAnswerMs),
    baseline: "",
    ratio: "",
    goal: "",
    status: "info",
  });
  const views = `after ${result.pageViews} page views`;
  return [
    idle(`Idle RSS ${views}, restarted store`, result.restart),
    idle(`Idle RSS ${views}, first start (seeds the sample content)`, result.firstStart),
    firstAnswer("First answer after start (GET / once listening), restarted", result.restart),
    firstAnswer("First answer after start, first start", result.firstStart),
    spawned("  From spawning the process to that answer, restarted (diagnostic)", result.restart),
    spawned(
      "  From spawning the process to that answer, first start (diagnostic)",
      result.firstStart,
    ),
  ];
}
