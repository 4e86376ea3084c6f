import { gzipSync } from "node:zlib";

/** Gzipped size at level 9, the level size budgets are usually quoted at. */
export function gzipSize(data: string | Uint8Array): number {
  return gzipSync(data, { level: 9 }).byteLength;
}
