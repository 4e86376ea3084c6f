// Child entry: an open load at a steady rate (LoadSpec.overallRate), for a latency at that rate.
// autocannon's own rate spends each second's quota as fast as the server answers and then waits,
// so its latencies are those of a burst at full speed. Here requests leave on a schedule, spread
// evenly over each second, and each latency counts from the moment its request was due (a late
// send is the server's delay too), sent on bare sockets (raw-http-pool.ts) so that the sender
// takes as little as it can of the machine it shares. Prints `RESULT <json>` (a LoadResult).
import { percentile } from "../lib/stats.ts";
import type { LoadResult, LoadSpec } from "./load-spec.ts";
import { createRawHttpPool, requestBytes } from "./raw-http-pool.ts";

const spec = JSON.parse(process.argv[2] ?? "null") as LoadSpec | null;
if (!spec?.overallRate) throw new Error("usage: steady-child.ts <LoadSpec json with overallRate>");
const { overallRate: rate, requests } = spec;
const target = new URL(spec.url);
const pool = createRawHttpPool(target, spec.connections);
const prepared = requests.map((each) => requestBytes(target, each));

const latencies: number[] = [];
let failures = 0;
let answered = 0;
let sent = 0;
const statuses: Record<string, number> = {};
const started = performance.now();
const endAt = started + spec.durationSeconds * 1000;

function send(dueAt: number): void {
  const bytes = prepared[sent % prepared.length];
  sent += 1;
  if (bytes === undefined) return;
  pool.send(bytes, (status) => {
    if (status >= 200 && status < 300) latencies.push(performance.now() - dueAt);
    else if (status === 0) failures += 1;
    else {
      failures += 1;
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
    answered += 1;
  });
}

// Every millisecond or so, send what is due by now.
const timer = setInterval(() => {
  const now = Math.min(performance.now(), endAt);
  const due = Math.floor(((now - started) / 1000) * rate);
  while (sent < due) send(started + (sent / rate) * 1000);
  if (now >= endAt) {
    clearInterval(timer);
    const waitForLast = setInterval(() => {
      if (answered < sent && performance.now() < endAt + 10_000) return;
      clearInterval(waitForLast);
      const summary: LoadResult = {
        requestsPerSecond: latencies.length / spec.durationSeconds,
        totalRequests: sent,
        p50Ms: percentile(latencies, 50),
        p99Ms: percentile(latencies, 99),
        failures: failures + (sent - answered),
        failureKinds: {
          non2xx: Object.values(statuses).reduce((a, b) => a + b, 0),
          errors: failures - Object.values(statuses).reduce((a, b) => a + b, 0),
          timeouts: sent - answered,
          errorCodes: {},
          statuses,
        },
      };
      console.log(`RESULT ${JSON.stringify(summary)}`);
      pool.close();
    }, 20);
  }
}, 1);
