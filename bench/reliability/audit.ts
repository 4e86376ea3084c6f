/** @module `npm audit --omit=dev`: counts of findings by severity, or why there are none. */
import { spawnSync } from "node:child_process";
import { ROOT_DIR } from "../lib/paths.ts";

export type AuditFigures =
  | { ok: true; counts: Record<string, number> }
  | { ok: false; reason: string };

export function runAudit(): AuditFigures {
  const result = spawnSync("npm", ["audit", "--omit=dev", "--json"], {
    cwd: ROOT_DIR,
    encoding: "utf8",
    timeout: 120_000,
  });
  try {
    const report = JSON.parse(result.stdout) as {
      metadata?: { vulnerabilities?: Record<string, number> };
      error?: { summary?: string };
      /** A refused advisory request (a proxy allowing only GET answers 405) comes as is. */
      message?: string;
    };
    const counts = report.metadata?.vulnerabilities;
    if (counts) return { ok: true, counts };
    const refused =
      report.message && `the registry refused the advisory request (${report.message})`;
    return {
      ok: false,
      reason:
        refused ||
        report.error?.summary ||
        "the registry's audit endpoint did not answer (offline?)",
    };
  } catch {
    return { ok: false, reason: `npm audit gave no report (exit ${result.status})` };
  }
}
