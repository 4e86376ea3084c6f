/**
 * @module `npm run typecheck`: TypeScript 7's native `tsc` (the `typescript-7` alias: about a
 * quarter of TypeScript 5's CPU time here) over every project of the repository, two at once.
 * TypeScript 5 stays installed as `typescript` for the tools that call its compiler API
 * (dependency-cruiser, Stryker). Fails when any project fails, with that project's errors.
 */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { dirname, join } from "node:path";

// The bin by path: both packages name theirs `tsc`, and npm links only one of them.
const TSC = join(
  dirname(createRequire(import.meta.url).resolve("typescript-7/package.json")),
  "bin/tsc",
);

// The largest first, so the two lanes end together.
const PROJECTS = [
  "apps/store",
  "apps/site",
  "bench",
  "e2e",
  "conformance",
  "scripts",
  "packages/site-content",
  "packages/content-client",
];

function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [TSC, "-p", project], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("close", (code) => resolve({ project, ok: code === 0, output }));
  });
}

const lanes = Math.max(1, Math.min(2, availableParallelism()));
const queue = [...PROJECTS];
const results = [];
await Promise.all(
  Array.from({ length: lanes }, async () => {
    for (let project = queue.shift(); project !== undefined; project = queue.shift()) {
      results.push(await check(project));
    }
  }),
);
for (const { project, ok, output } of results) {
  console.log(`tsc -p ${project}: ${ok ? "ok" : "FAILED"}`);
  if (!ok) process.stdout.write(output);
}
process.exit(results.every((result) => result.ok) ? 0 : 1);
