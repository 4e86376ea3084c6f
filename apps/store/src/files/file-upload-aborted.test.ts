/**
 * A client that stops an upload half-way (a closed laptop, a cancelled tab, or someone doing it
 * on purpose, over and over): nothing is kept, and the log says so quietly, without an error
 * and its stack trace for each one.
 */
import { mkdtempSync, readdirSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, expect, test } from "vitest";
import { createTestApp, type TestApp } from "../main/test-kit/test-app.ts";

let t: TestApp;
afterEach(() => t.app.close());

type LogLine = { level: number; msg: string; err?: unknown };

test("an upload the client aborts half-way logs no error or stack trace, and keeps nothing", async () => {
  const lines: LogLine[] = [];
  const filesDir = mkdtempSync(join(tmpdir(), "store-files-aborted-"));
  t = createTestApp({
    files: { dir: filesDir },
    logger: { level: "info", stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
  });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = t.app.server.address() as { port: number };
  const socket = connect(port, "127.0.0.1");
  await new Promise((resolve) => socket.once("connect", resolve));
  socket.write(
    [
      "POST /files/v1/files?name=plan.pdf HTTP/1.1",
      "host: 127.0.0.1",
      `authorization: ${t.apiKey}`,
      "content-type: application/octet-stream",
      "content-length: 1000000",
      "",
      "%PDF-1.7\n",
    ].join("\r\n"),
  );
  socket.write(Buffer.alloc(50_000, 0x20));
  await sleep(100);
  socket.destroy();
  for (let i = 0; i < 50 && !lines.some((line) => /abort/i.test(line.msg)); i++) await sleep(20);

  expect(lines.filter((line) => line.level >= 50)).toEqual([]);
  expect(JSON.stringify(lines)).not.toContain("stack");
  const aborted = lines.find((line) => /abort/i.test(line.msg));
  expect(aborted?.level).toBe(30);
  expect(readdirSync(filesDir)).toEqual([]);
});
