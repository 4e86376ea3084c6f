/** `npm run dev`'s store serves the pictures' files, as `npm start` does. */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, expect, test } from "vitest";
import { createDevStore } from "./dev-store.ts";

const SAMPLE_MEDIA = resolve(import.meta.dirname, "../../content/media");
let dataDir = "";
let close = async () => {};
afterEach(async () => {
  await close();
  rmSync(dataDir, { recursive: true, force: true });
});

test("every sample picture under /media/ answers 200 in dev, not 404", async () => {
  dataDir = mkdtempSync(join(tmpdir(), "dev-store-"));
  const { app, db } = createDevStore({ DATA_DIR: dataDir }, dataDir, () => {});
  close = async () => {
    await app.close();
    db.close();
  };
  const names = readdirSync(SAMPLE_MEDIA);
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) {
    const answer = await app.inject({ method: "GET", url: `/media/${name}` });
    expect(answer.statusCode, name).toBe(200);
  }
});
