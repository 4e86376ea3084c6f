import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { verifyPassword } from "../../identity/password.ts";
import { createOwnerCredentials } from "../../owner/credentials.ts";
import { openDb } from "../../platform/db/open.ts";

const CLI = fileURLToPath(new URL("../cli.ts", import.meta.url));

function runCli(args: string[], input: string, dataDir: string) {
  return spawnSync(process.execPath, ["--import", "tsx", CLI, ...args], {
    input,
    encoding: "utf8",
    env: { ...process.env, DATA_DIR: dataDir },
  });
}

function storedHash(dataDir: string): string | null {
  const db = openDb(join(dataDir, "store.db"));
  try {
    return createOwnerCredentials(db, Date.now).passwordHash();
  } finally {
    db.close();
  }
}

test("owner set-password stores an argon2id hash of the piped password and never prints it", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "owner-cli-"));
  const result = runCli(["owner", "set-password"], "piped secret value\n", dataDir);
  expect(result.status).toBe(0);
  expect(result.stdout + result.stderr).not.toContain("piped secret value");
  const hash = storedHash(dataDir);
  expect(hash).toMatch(/^\$argon2id\$/);
  expect(await verifyPassword(hash, "piped secret value")).toBe(true);
}, 20_000);

test("owner set-password refuses a short password and changes nothing", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "owner-cli-"));
  const result = runCli(["owner", "set-password"], "short\n", dataDir);
  expect(result.status).toBe(1);
  expect(result.stderr).toContain("Use at least 12 characters");
  expect(storedHash(dataDir)).toBeNull();
}, 20_000);

test("an unknown owner command prints the usage and exits 2", () => {
  const result = runCli(
    ["owner", "reset-everything"],
    "",
    mkdtempSync(join(tmpdir(), "owner-cli-")),
  );
  expect(result.status).toBe(2);
  expect(result.stderr).toContain("Usage: npm run store -- owner set-password");
}, 20_000);
