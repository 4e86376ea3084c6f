import { readFile } from "node:fs/promises";
import { join, normalize } from "node:path";
import type { ReadAsset } from "./js-graph.ts";

/** Reads what a server actually serves (fetch undoes any content-encoding). */
export function httpAssetReader(baseUrl: string): ReadAsset {
  return async (url) => {
    const response = await fetch(new URL(url, baseUrl));
    if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  };
}

/** Reads a built site from disk, for when no server is running. */
export function diskAssetReader(dir: string): ReadAsset {
  return async (url) => {
    const path = normalize(join(dir, decodeURIComponent(url)));
    if (!path.startsWith(dir)) throw new Error(`outside ${dir}: ${url}`);
    return new Uint8Array(await readFile(path));
  };
}
