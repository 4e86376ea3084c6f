/**
 * @module `npm run test:postgres`, the last step of `npm test`: the store's suite, the conformance
 * suite and the end-to-end specs that change the store's state, all on PostgreSQL. Runs when
 * STORE_TEST_DATABASE_URL names a server (`.ci/run` sets it); without it, says so on one line and
 * passes. Each run works in two databases of its own (one for the suites, whose tests make a schema
 * each; one the e2e store runs on), created from that URL and dropped at the end, whatever happened.
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
 * settings, pictures, the editor's accessibility); one project, as the phone layout changes no stored state.
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
];
const E2E_PROJECT = "desktop";

const url = process.env.STORE_TEST_DATABASE_URL ?? "";
if (url === "") {
  console.log(
    "PostgreSQL's share skipped: no server (run it with STORE_TEST_DATABASE_URL=postgres://user:password@localhost:5432/db npm run test:postgres, a role that may create databases)",
  );
  process.exit(0);
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
