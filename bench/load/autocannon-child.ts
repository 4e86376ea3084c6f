// Child entry: runs autocannon in its own process so the load generator does not share an event
// loop with the server under test. Prints `RESULT <json>` (a LoadResult) when done.
import { createRequire } from "node:module";
import { percentile } from "../lib/stats.ts";
import type { LoadResult, LoadSpec } from "./load-spec.ts";

interface AutocannonResult {
  duration: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  requests: { total: number };
}
interface AutocannonInstance {
  on(
    event: "response",
    listener: (client: unknown, status: number, bytes: number, ms: number) => void,
  ): void;
  on(event: "done", listener: (result: AutocannonResult) => void): void;
  on(event: "error", listener: (error: Error) => void): void;
}
type Autocannon = (options: Record<string, unknown>) => AutocannonInstance;

const spec = JSON.parse(process.argv[2] ?? "null") as LoadSpec | null;
if (!spec) throw new Error("usage: autocannon-child.ts <LoadSpec json>");
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

// autocannon's own histogram keeps whole milliseconds; keep each response time for finer figures.
const latencies: number[] = [];
const instance = autocannon({
  url: spec.url,
  connections: spec.connections,
  duration: spec.durationSeconds,
  pipelining: 1,
  requests: spec.requests,
});
instance.on("response", (_client, status, _bytes, ms) => {
  if (status >= 200 && status < 300) latencies.push(ms);
});
instance.on("error", (error) => {
  console.error(error);
  process.exit(1);
});
instance.on("done", (result) => {
  const summary: LoadResult = {
    requestsPerSecond: result.requests.total / result.duration,
    totalRequests: result.requests.total,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    failures: result.non2xx + result.errors + result.timeouts,
  };
  process.stdout.write(`RESULT ${JSON.stringify(summary)}\n`);
});
