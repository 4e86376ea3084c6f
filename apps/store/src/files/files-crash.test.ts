/**
 * Crash safety of uploads: the store is killed with SIGKILL while uploads are being
 * written, again and again. After each restart, every acknowledged upload is served whole (the
 * same SHA-256), and every file the database names has all its bytes on disk: a half-written
 * file is never served, because the row is committed only after the bytes are durable.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { expect, test } from "vitest";
import { createApiKeys } from "../data/access/api-key.ts";
import { startCrashChild as startChild } from "../main/test-kit/store-process.ts";
import { createAccessStore } from "../platform/db/access-store.ts";
import { openDb } from "../platform/db/open.ts";
import { createFilesStore } from "./files-store.ts";

const ROUNDS = 4;
const UPLOADS_PER_ROUND = 12;
// Big enough that writing one takes a while, so kills land mid-upload.
const SIZE = 400_000;

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

test("uploads cut by SIGKILL: every acknowledged one is served whole, no row without its bytes", async () => {
  const dir = mkdtempSync(join(tmpdir(), "files-crash-"));
  const file = join(dir, "store.db");
  const filesDir = join(dir, "files");
  const setup = openDb(file);
  const apiKey = createApiKeys(createAccessStore(setup)).rotate();
  setup.close();
  const acknowledged: { id: string; sha: string }[] = [];
  let cut = 0;

  for (let round = 0; round < ROUNDS; round += 1) {
    const { child, base } = await startChild(file, filesDir);
    const exited = new Promise((resolve) => child.once("exit", resolve));
    const uploads = Array.from({ length: UPLOADS_PER_ROUND }, async () => {
      const bytes = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(SIZE)]);
      try {
        const response = await fetch(`${base}/files/v1/files?name=crash.pdf`, {
          method: "POST",
          headers: { authorization: apiKey, "content-type": "application/pdf" },
          body: bytes,
        });
        if (response.status !== 200) throw new Error(`upload answered ${response.status}`);
        const { file: stored } = (await response.json()) as { file: { id: string } };
        acknowledged.push({ id: stored.id, sha: sha256(bytes) });
      } catch (error) {
        if ((error as Error).message.startsWith("upload answered")) throw error;
        cut += 1;
      }
    });
    // Kill once a few uploads were answered (others are then still being written), or at 5 s.
    const before = acknowledged.length;
    for (let waited = 0; waited < 5000 && acknowledged.length < before + 1 + round; waited += 5) {
      await sleep(5);
    }
    child.kill("SIGKILL");
    await exited;
    await Promise.all(uploads);
  }

  const { child, base } = await startChild(file, filesDir);
  try {
    for (const upload of acknowledged) {
      const response = await fetch(`${base}/files/v1/files/${upload.id}/content`, {
        headers: { authorization: apiKey },
      });
      expect(response.status).toBe(200);
      expect(sha256(new Uint8Array(await response.arrayBuffer()))).toBe(upload.sha);
    }
  } finally {
    child.kill("SIGKILL");
  }
  const db = openDb(file);
  try {
    const rows = createFilesStore(db);
    for (const id of rows.fileIds()) {
      expect(statSync(join(filesDir, id)).size).toBe(rows.file(id)?.size);
    }
  } finally {
    db.close();
  }
  // The kills must have landed both before and after some answers, or the test proved nothing.
  expect(acknowledged.length).toBeGreaterThan(0);
  expect(cut).toBeGreaterThan(0);
}, 120_000);
