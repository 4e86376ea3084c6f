import type { FootprintResult, StoreStart } from "../footprint.ts";
import { ms, ratio, ratioOf } from "./format.ts";
import { check, type ReportRow } from "./row.ts";

/** The idle store's resident memory, in MB (2^20 bytes). */
export const IDLE_RSS_GOAL_MB = 64;
export const FIRST_ANSWER_GOAL_MS = 500;

const mb = (value: number) => `${value.toFixed(1)} MB`;

export function footprintRows(result: FootprintResult): ReportRow[] {
  const section =
    "Idle memory and start (the production store as `npm start` runs it, sample content)";
  const idle = (figure: string, start: StoreStart): ReportRow => ({
    section,
    figure,
    ours: mb(start.rssMb),
    baseline: `bare Node ${mb(result.bareRssMb)}`,
    ratio: ratio(ratioOf(start.rssMb, result.bareRssMb)),
    goal: `≤ ${IDLE_RSS_GOAL_MB} MB`,
    status: check(start.rssMb <= IDLE_RSS_GOAL_MB),
  });
  const started = (figure: string, start: StoreStart, goal: boolean): ReportRow => ({
    section,
    figure,
    ours: ms(start.spawnToFirstAnswerMs),
    baseline: "",
    ratio: "",
    goal: goal ? `≤ ${FIRST_ANSWER_GOAL_MS} ms` : "",
    status: goal ? check(start.spawnToFirstAnswerMs <= FIRST_ANSWER_GOAL_MS) : "info",
  });
  const listening = (figure: string, start: StoreStart): ReportRow => ({
    section,
    figure,
    ours: ms(start.firstAnswerMs),
    baseline: "",
    ratio: "",
    goal: "",
    status: "info",
  });
  const views = `after ${result.pageViews} page views`;
  return [
    idle(`Idle RSS ${views}, restarted store`, result.restart),
    idle(`Idle RSS ${views}, first start (seeds the sample content)`, result.firstStart),
    started("Start to first answer (spawn to GET / answered), restarted", result.restart, true),
    listening("  of which after it listens (diagnostic)", result.restart),
    started("Start to first answer, first start (diagnostic)", result.firstStart, false),
  ];
}
