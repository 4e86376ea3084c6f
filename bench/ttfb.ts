import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { median, percentile } from "./lib/stats.ts";
import { timeFirstByte } from "./lib/time-first-byte.ts";
import { startBenchServer } from "./servers/start-bench-server.ts";

export interface TtfbSample {
  medianMs: number;
  p99Ms: number;
  requests: number;
}

export interface TtfbResult {
  bytes: number;
  ours: TtfbSample;
  staticFile: TtfbSample;
}

export interface TtfbOptions {
  requests: number;
  warmup: number;
  maxSeconds: number;
}

function sample(values: number[]): TtfbSample {
  return { medianMs: median(values), p99Ms: percentile(values, 99), requests: values.length };
}

/**
 * TTFB of the page at `pageUrl` against a bare `http` server sending a file with the very same
 * bytes. Requests alternate between the two, one at a time, so drift hits both alike.
 */
export async function measureTtfb(pageUrl: string, options: TtfbOptions): Promise<TtfbResult> {
  const response = await fetch(pageUrl, { headers: { "accept-encoding": "identity" } });
  const html = Buffer.from(await response.arrayBuffer());
  const dir = await mkdtemp(join(tmpdir(), "bench-ttfb-"));
  const file = join(dir, "index.html");
  await writeFile(file, html);
  const server = await startBenchServer("static-file", "./static-file.ts", [file]);
  const staticUrl = `${server.baseUrl}/`;
  try {
    for (let i = 0; i < options.warmup; i += 1) {
      await timeFirstByte(pageUrl);
      await timeFirstByte(staticUrl);
    }
    const ours: number[] = [];
    const baseline: number[] = [];
    const deadline = Date.now() + options.maxSeconds * 1000;
    while (ours.length < options.requests && Date.now() < deadline) {
      ours.push(await timeFirstByte(pageUrl));
      baseline.push(await timeFirstByte(staticUrl));
    }
    return { bytes: html.byteLength, ours: sample(ours), staticFile: sample(baseline) };
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
