/**
 * @module How busy the machine's processors were between two samples: beside a throughput
 * figure it tells whether more nodes could have helped (a machine already busy has no core for
 * them) or whether something else held the work back.
 */
import { cpus } from "node:os";

export type CpuSample = { busyMs: number; totalMs: number };

export function sampleCpu(): CpuSample {
  let busyMs = 0;
  let totalMs = 0;
  for (const { times } of cpus()) {
    const total = times.user + times.nice + times.sys + times.idle + times.irq;
    totalMs += total;
    busyMs += total - times.idle;
  }
  return { busyMs, totalMs };
}

/** The share of all cores' time spent busy between the samples (0 to 1). */
export function busyShare(before: CpuSample, after: CpuSample): number {
  const total = after.totalMs - before.totalMs;
  return total > 0 ? Math.min(1, Math.max(0, (after.busyMs - before.busyMs) / total)) : 0;
}
