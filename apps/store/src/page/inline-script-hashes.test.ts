import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { inlineScriptHashes } from "./inline-script-hashes.ts";

const sha = (body: string) => `'sha256-${createHash("sha256").update(body).digest("base64")}'`;

describe("inlineScriptHashes", () => {
  test("hashes the page template's theme script, its only inline code", () => {
    const template = readFileSync(new URL("../../../site/index.html", import.meta.url), "utf8");
    const body = /<script>([\s\S]*?)<\/script>/.exec(template)?.[1] ?? "";
    expect(body).toContain("localStorage");
    expect(inlineScriptHashes(template)).toEqual([sha(body)]);
  });

  test("leaves out external scripts and data blocks a browser never runs", () => {
    const html = `<script type="module" src="/assets/app.js"></script>
      <script type="application/json" id="page-content">{"a":1}</script>
      <script type="application/ld+json">{"@context":"https://schema.org"}</script>`;
    expect(inlineScriptHashes(html)).toEqual([]);
  });

  test("hashes an inline module exactly as written", () => {
    expect(inlineScriptHashes('<script type="module">run()</script>')).toEqual([sha("run()")]);
  });
});
