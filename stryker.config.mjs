// @ts-check
/**
 * Mutation testing of the store's security and data core (docs/reliability.md, "Mutation
 * score"). One target per run, named by MUTATION_TARGET (scripts/mutation/targets.mjs); run it
 * through `npm run test:mutation`, which also writes the scores.
 */
import { TARGETS } from "./scripts/mutation/targets.mjs";

const name = process.env.MUTATION_TARGET ?? "limits";
const target = TARGETS[name];
if (target === undefined) throw new Error(`unknown MUTATION_TARGET ${name}`);

/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  vitest: { configFile: "apps/store/vitest.mutation.config.ts", related: false },
  mutate: target.mutate,
  // A re-run of a few lines may name only the tests that reach them (comma-separated globs).
  testFiles: process.env.MUTATION_TEST_FILES?.split(",") ?? target.testFiles,
  // The machine is small and shared: one runner, and each mutant only against the tests that reach it.
  concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 1),
  coverageAnalysis: "perTest",
  // Mutants in module-level constants are reported as surviving whatever the tests do (a regex
  // mutant the client-key test fails on by hand "survived"): the runner does not re-evaluate
  // the module here. They are left out and counted apart in docs/reliability.md.
  ignoreStatic: true,
  timeoutMS: 20_000,
  dryRunTimeoutMinutes: 30,
  // The sandbox holds what the store's tests load; node_modules is linked, not copied.
  ignorePatterns: [
    "/*",
    "!/apps",
    "/apps/*",
    "!/apps/store",
    // The members' pages read the site's palette from its stylesheets at start.
    "!/apps/site",
    "/apps/site/*",
    "!/apps/site/src",
    "/apps/site/src/*",
    "!/apps/site/src/theme.css",
    "!/apps/site/src/theme-dark.css",
    // The seeded site content (the page's words among it).
    "!/content",
    "!/package.json",
    "!/tsconfig.base.json",
  ],
  tempDirName: ".stryker-tmp",
  reporters: ["json", "clear-text", "progress"],
  jsonReporter: { fileName: `reports/mutation/${name}.json` },
  incrementalFile: `reports/mutation/${name}.incremental.json`,
  clearTextReporter: {
    allowColor: false,
    logTests: false,
    reportMutants: true,
    reportScoreTable: true,
  },
  thresholds: { high: 90, low: 80, break: null },
};
