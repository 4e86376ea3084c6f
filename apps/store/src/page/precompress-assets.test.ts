import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { precompressAssets } from "./precompress-assets.ts";

const SCRIPT = `console.log(${JSON.stringify("x".repeat(4000))});\n`;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "precompress-"));
  mkdirSync(join(dir, "assets"));
  writeFileSync(join(dir, "assets", "app.js"), SCRIPT);
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("precompressAssets", () => {
  test("writes brotli and gzip files that decode to the original", async () => {
    await precompressAssets(dir);
    const file = join(dir, "assets", "app.js");
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(SCRIPT);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(SCRIPT);
  });

  test("leaves small and incompressible files alone", async () => {
    writeFileSync(join(dir, "tiny.css"), "a{}");
    writeFileSync(join(dir, "photo.png"), Buffer.alloc(4000));
    await precompressAssets(dir);
    expect(existsSync(join(dir, "tiny.css.br"))).toBe(false);
    expect(existsSync(join(dir, "photo.png.br"))).toBe(false);
  });

  test("keeps up-to-date files and redoes stale ones", async () => {
    expect((await precompressAssets(dir)).written).toHaveLength(2);
    expect((await precompressAssets(dir)).written).toEqual([]);
    const file = join(dir, "assets", "app.js");
    const later = new Date(statSync(`${file}.br`).mtimeMs + 10_000);
    utimesSync(file, later, later);
    expect((await precompressAssets(dir)).written.sort()).toEqual([`${file}.br`, `${file}.gz`]);
  });

  test("reports a file it cannot write and still writes the others", async () => {
    const file = join(dir, "assets", "app.js");
    mkdirSync(`${file}.br`);
    const result = await precompressAssets(dir);
    expect(result.failed.map((failure) => failure.file)).toEqual([`${file}.br`]);
    expect(result.written).toEqual([`${file}.gz`]);
  });
});
