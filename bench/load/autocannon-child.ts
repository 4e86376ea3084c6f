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
  statusCodeStats?: Record<string, { count: number }>;
}
interface AutocannonInstance {
  on(
    event: "response",
    listener: (client: unknown, status: number, bytes: number, ms: number) => void,
  ): void;
  on(event: "done", listener: (result: AutocannonResult) => void): void;
  on(event: "error" | "reqError", listener: (error: Error & { code?: string }) => void): void;
}
type Autocannon = (options: Record<string, unknown>) => AutocannonInstance;

const spec = JSON.parse(process.argv[2] ?? "null") as LoadSpec | null;
if (!spec) throw new Error("usage: autocannon-child.ts <LoadSpec json>");
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

const startAt = spec.startAt;
if (startAt !== undefined) {
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, startAt - Date.now())));
}

/** The requests from the `offset`th on, then the first ones: each a copy (autocannon keeps state on them). */
function rotated(requests: LoadSpec["requests"], offset: number) {
  const start = offset % requests.length;
  return [...requests.slice(start), ...requests.slice(0, start)].map((request) => ({ ...request }));
}
let nextConnection = 0;
const staggered = spec.staggered
  ? {
      setupClient: (client: { setRequests(requests: unknown[]): void }) => {
        client.setRequests(rotated(spec.requests, nextConnection));
        nextConnection += 1;
      },
    }
  : {};

// autocannon's own histogram keeps whole milliseconds; keep each response time for finer figures.
const latencies: number[] = [];
const instance = autocannon({
  url: spec.url,
  connections: spec.connections,
  duration: spec.durationSeconds,
  pipelining: 1,
  requests: spec.requests,
  ...staggered,
  ...(spec.timeoutSeconds === undefined ? {} : { timeout: spec.timeoutSeconds }),
});
instance.on("response", (_client, status, _bytes, ms) => {
  if (status >= 200 && status < 300) latencies.push(ms);
});
// Why requests failed, by error code (ECONNRESET, a timeout…), for the failure breakdown.
const errorCodes: Record<string, number> = {};
instance.on("reqError", (error) => {
  const code = error.code ?? error.message;
  errorCodes[code] = (errorCodes[code] ?? 0) + 1;
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
    failureKinds: {
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      errorCodes,
      statuses: Object.fromEntries(
        Object.entries(result.statusCodeStats ?? {})
          .filter(([status]) => !status.startsWith("2"))
          .map(([status, stats]) => [status, stats.count]),
      ),
    },
  };
  process.stdout.write(`RESULT ${JSON.stringify(summary)}\n`);
});
