import { spawnSync } from "node:child_process";
import { cpus, loadavg, totalmem } from "node:os";
import type { MachineInfo } from "../results.ts";
import { chromiumPath } from "./chromium.ts";
import { ROOT_DIR } from "./paths.ts";

function output(command: string, args: string[]): string {
  const result = spawnSync(command, args, { cwd: ROOT_DIR, encoding: "utf8", timeout: 10_000 });
  return result.status === 0 ? result.stdout.trim() : "unknown";
}

/** What the figures were measured on: a reader needs it to compare runs. */
export function describeMachine(): MachineInfo {
  const commit = output("git", ["rev-parse", "--short", "HEAD"]);
  const dirty = output("git", ["status", "--porcelain"]) !== "";
  return {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model.trim() ?? "unknown CPU",
    memoryGb: Math.round(totalmem() / 1e9),
    node: process.versions.node,
    chromium: output(chromiumPath(), ["--version"]),
    commit: dirty ? `${commit} + uncommitted changes` : commit,
    loadAverage: (loadavg()[0] ?? 0).toFixed(2),
  };
}
