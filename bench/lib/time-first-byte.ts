import { request } from "node:http";

/**
 * Milliseconds from sending a GET on a fresh connection until the response headers arrive (the
 * first byte), as a first-time visitor's browser sees it. The body is read to the end.
 */
export function timeFirstByte(url: string, timeoutMs = 10_000): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = request(url, { agent: false, timeout: timeoutMs }, (res) => {
      const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
      res.resume();
      res.on("end", () => {
        if (res.statusCode === 200) resolve(elapsed);
        else reject(new Error(`GET ${url}: ${res.statusCode}`));
      });
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`GET ${url}: timed out`)));
    req.on("error", reject);
    req.end();
  });
}
