/** One request of a round-robin load sequence. */
export interface LoadRequest {
  method: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadSpec {
  url: string;
  connections: number;
  durationSeconds: number;
  requests: LoadRequest[];
  /** A request unanswered this long counts as a timeout (autocannon's default: 10 s). */
  timeoutSeconds?: number;
  /** Epoch ms at which to start, so loads run in parallel from different processes overlap. */
  startAt?: number;
  /**
   * Each connection goes round the requests from its own place (connection i from request i,
   * modulo their number) instead of all from the first, so that writers of different items do
   * not all send the same one at once.
   */
  staggered?: boolean;
  /**
   * Requests per second offered in all, spread evenly (steady-child.ts): an open load at a set
   * rate, for a latency at that rate rather than at the most the server takes; `connections` is
   * then the most sockets open at once. Unset: autocannon, as fast as the server answers.
   */
  overallRate?: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  totalRequests: number;
  p50Ms: number;
  p99Ms: number;
  /** Non-2xx responses, errors and timeouts: any of them invalidates the run. */
  failures: number;
  /** The failures by kind, and the non-2xx statuses with their counts. */
  failureKinds?: {
    non2xx: number;
    errors: number;
    timeouts: number;
    errorCodes: Record<string, number>;
    statuses: Record<string, number>;
  };
}
