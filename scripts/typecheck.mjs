/**
 * @module `npm run typecheck`: `tsc` over every project of the repository, two at once (the
 * machines this runs on have two cores or more; one `tsc` leaves one idle most of the time).
 * Fails when any project fails, with that project's errors.
 */
import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";

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
    const child = spawn("npx", ["tsc", "-p", project], { stdio: ["ignore", "pipe", "pipe"] });
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
