/**
 * @module `npm run test:postgres`, the last step of `npm test`: the store's suite, the conformance
 * suite and the end-to-end specs that change the store's state, all on PostgreSQL. Runs when
 * STORE_TEST_DATABASE_URL names a server (`.ci/run` sets it); without it, ends with a banner naming
 * what did not run and how to run it, and passes (fails when CI is set: CI always has a server).
 * Each run works in two databases of its own (one for the suites, whose tests make a schema each;
 * one the e2e store runs on), created from that URL and dropped at the end, whatever happened.
 *
 *   STORE_TEST_DATABASE_URL=postgres://user:password@localhost:5432/db npm run test:postgres [unit|e2e]
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { ROOT } from "./lib/ensure-built.mjs";

/**
 * The specs that read or write the store's state (editor saves, members, the client area,
 * settings, pictures, drafts and scheduled publishing, the editor's accessibility); one project, as the phone layout changes no stored state.
 */
const E2E_SPECS = [
  "e2e/accessibility.spec.ts",
  "e2e/admin.spec.ts",
  "e2e/client-area.spec.ts",
  "e2e/members.spec.ts",
  "e2e/settings.spec.ts",
  "e2e/pictures.spec.ts",
  "e2e/content.spec.ts",
  "e2e/security.spec.ts",
  "e2e/files.spec.ts",
  "e2e/drafts.spec.ts",
];
const E2E_PROJECT = "desktop";

/** The end of `npm test` without a server: what did not run and how to run it, not one quiet line. */
function reportNotRun() {
  const lines = [
    "NOT RUN: PostgreSQL's share of the tests (no STORE_TEST_DATABASE_URL)",
    "",
    "  - the PostgreSQL-only tests the unit run above counted as skipped",
    "  - the store's and the conformance suites again, on PostgreSQL",
    `  - ${E2E_SPECS.length} end-to-end specs on a store kept in PostgreSQL`,
    "",
    "A green run above says nothing about the PostgreSQL adapter. Run the share with a role",
    "that may create databases:",
    "",
    "  STORE_TEST_DATABASE_URL=postgres://user:password@localhost:5432/db npm run test:postgres",
  ];
  const width = Math.max(...lines.map((line) => line.length)) + 4;
  const rule = "!".repeat(width);
  console.error(
    ["", rule, ...lines.map((line) => `! ${line.padEnd(width - 4)} !`), rule, ""].join("\n"),
  );
}

const url = process.env.STORE_TEST_DATABASE_URL ?? "";
if (url === "") {
  reportNotRun();
  // CI (`.ci/run`) always provides a server: there, a missing one is a broken setup, not a skip.
  process.exit(process.env.CI ? 1 : 0);
}

const parts = new Set(process.argv.slice(2));
const runs = (part) => parts.size === 0 || parts.has(part);

/** The same server and role as `url`, another database. */
function databaseUrl(database) {
  const next = new URL(url);
  next.pathname = `/${database}`;
  return next.toString();
}

async function withAdmin(fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function createDatabase(purpose) {
  const name = `store_${purpose}_${randomBytes(4).toString("hex")}`;
  await withAdmin((client) => client.query(`CREATE DATABASE ${name}`));
  return name;
}

async function dropDatabases(names) {
  await withAdmin(async (client) => {
    for (const name of names) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
}

// Ctrl-C stops the step running (it has the terminal too); the databases are still dropped.
let interrupted = false;
process.on("SIGINT", () => {
  interrupted = true;
});

function run(label, command, args, env) {
  if (interrupted) return false;
  const started = performance.now();
  const result = spawnSync(command, args, {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  console.log(
    `PostgreSQL's share: ${label} ${result.status === 0 ? "passed" : "FAILED"} in ${seconds} s`,
  );
  return result.status === 0;
}

const databases = [];
const dataDir = mkdtempSync(join(tmpdir(), "consultant-e2e-pg-"));
let passed = true;
try {
  await withAdmin((client) => client.query("SELECT 1"));
  if (runs("unit")) {
    const database = await createDatabase("unit");
    databases.push(database);
    passed =
      run("store and conformance suites", "npx", ["vitest", "run", "apps/store", "conformance"], {
        STORE_TEST_ADAPTER: "postgres",
        STORE_TEST_DATABASE_URL: databaseUrl(database),
      }) && passed;
  }
  if (runs("e2e")) {
    const database = await createDatabase("e2e");
    databases.push(database);
    const e2eUrl = databaseUrl(database);
    passed =
      run(
        `end-to-end (${E2E_SPECS.length} specs, ${E2E_PROJECT})`,
        "npx",
        [
          "playwright",
          "test",
          "-c",
          "e2e/playwright.config.ts",
          `--project=${E2E_PROJECT}`,
          ...E2E_SPECS,
        ],
        {
          // The served store runs on the database's public schema; stores a spec starts itself
          // (the member flows') on a schema each in the same database.
          E2E_DATABASE_URL: e2eUrl,
          E2E_DATA_DIR: dataDir,
          STORE_TEST_ADAPTER: "postgres",
          STORE_TEST_DATABASE_URL: e2eUrl,
        },
      ) && passed;
  }
} catch (error) {
  console.error(`PostgreSQL's share: ${error.message}`);
  passed = false;
} finally {
  await dropDatabases(databases).catch((error) => {
    console.error(`PostgreSQL's share: could not drop ${databases.join(", ")}: ${error.message}`);
  });
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(passed ? 0 : 1);
