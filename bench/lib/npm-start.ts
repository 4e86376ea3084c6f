import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT_DIR } from "./paths.ts";

/**
 * node's arguments in `npm start` (the root package.json's `node <flags> scripts/start.mjs`),
 * relative to the repository's root, so the benches start the production store as it is run.
 */
export function npmStartArgs(): string[] {
  const manifest = JSON.parse(readFileSync(join(ROOT_DIR, "package.json"), "utf8")) as {
    scripts?: Record<string, string>;
  };
  const [command, ...args] = (manifest.scripts?.start ?? "").trim().split(/\s+/);
  if (command !== "node" || args.at(-1) !== "scripts/start.mjs") {
    throw new Error(
      `npm start is not "node [flags] scripts/start.mjs": ${manifest.scripts?.start}`,
    );
  }
  return args;
}
