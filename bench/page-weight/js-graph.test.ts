import { describe, expect, it } from "vitest";
import { collectStaticGraph, staticImportsOf } from "./js-graph.ts";

const FILES: Record<string, string> = {
  "/assets/index.js": `import{a as b}from"./react.js";import"./shared.js";const l=()=>import("./lazy.js");`,
  "/assets/react.js": `import"./shared.js";export const a=1;`,
  "/assets/shared.js": `export*from"./tail.js";`,
  "/assets/tail.js": `export const t=1;`,
  "/assets/lazy.js": `export const z=1;`,
};

async function readAsset(url: string): Promise<Uint8Array> {
  const text = FILES[url];
  if (text === undefined) throw new Error(`missing ${url}`);
  return new TextEncoder().encode(text);
}

describe("staticImportsOf", () => {
  it("returns import and re-export sources but not dynamic imports", () => {
    const code = `import x from"./a.js";export{y}from"./b.js";import("./c.js");`;
    expect(staticImportsOf(code)).toEqual(["./a.js", "./b.js"]);
  });
});

describe("collectStaticGraph", () => {
  it("follows static imports transitively, once per file, skipping lazy chunks", async () => {
    const files = await collectStaticGraph(["/assets/index.js"], readAsset);
    expect(files.map((file) => file.url)).toEqual([
      "/assets/index.js",
      "/assets/react.js",
      "/assets/shared.js",
      "/assets/tail.js",
    ]);
  });

  it("does not load a preloaded file twice when the entry also imports it", async () => {
    const files = await collectStaticGraph(["/assets/react.js", "/assets/index.js"], readAsset);
    expect(files.filter((file) => file.url === "/assets/react.js")).toHaveLength(1);
  });
});
