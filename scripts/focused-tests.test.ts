/**
 * A stray `.only` runs one test and reports green. These run the project's own lint and
 * Playwright configurations on a throwaway file holding one, and expect the run to fail.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");
const BIN = join(ROOT, "node_modules", ".bin");

let dir = "";
afterEach(() => {
  if (dir !== "") rmSync(dir, { recursive: true, force: true });
  dir = "";
});

function scratch(files: Record<string, string>): string {
  dir = mkdtempSync(join(tmpdir(), "focused-tests-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

/** The repository's Biome configuration as is, minus the git lookup a scratch folder cannot have. */
function biomeConfig(): string {
  const config = JSON.parse(readFileSync(join(ROOT, "biome.json"), "utf8"));
  config.vcs.enabled = false;
  return JSON.stringify(config);
}

function lint(testSource: string) {
  const cwd = scratch({ "biome.json": biomeConfig(), "stray.test.ts": testSource });
  return spawnSync(join(BIN, "biome"), ["lint", "stray.test.ts"], { cwd, encoding: "utf8" });
}

function listSpecs(specSource: string) {
  const cwd = scratch({
    "package.json": JSON.stringify({ type: "module" }),
    "stray.spec.ts": specSource,
  });
  symlinkSync(join(ROOT, "node_modules"), join(cwd, "node_modules"));
  writeFileSync(
    join(cwd, "playwright.config.ts"),
    `import base from ${JSON.stringify(join(ROOT, "e2e", "playwright.config.ts"))};\n` +
      `export default { ...base, testDir: ${JSON.stringify(cwd)}, webServer: undefined };\n`,
  );
  // No CI in the environment: the configuration must refuse `.only` on a developer's machine too.
  const env = { ...process.env };
  delete env.CI;
  return spawnSync(join(BIN, "playwright"), ["test", "-c", "playwright.config.ts", "--list"], {
    cwd,
    env,
    encoding: "utf8",
  });
}

const VITEST_FOCUSED = 'import { it } from "vitest";\n\nit.only("focused", () => {});\n';
const SPEC_FOCUSED =
  'import { test } from "@playwright/test";\n\ntest.only("focused", () => {});\n';

describe("a stray .only", () => {
  it("fails the lint of a unit test", () => {
    const result = lint(VITEST_FOCUSED);
    expect(result.stdout + result.stderr).toContain("lint/suspicious/noFocusedTests");
    expect(result.status).not.toBe(0);
  });

  it("fails the end-to-end run before any spec starts", () => {
    const result = listSpecs(SPEC_FOCUSED);
    expect(result.stdout + result.stderr).toContain("forbidOnly");
    expect(result.status).not.toBe(0);
  });

  it("is what fails them: the same files unfocused pass", () => {
    expect(lint(VITEST_FOCUSED.replace(".only", "")).status).toBe(0);
    expect(listSpecs(SPEC_FOCUSED.replace(".only", "")).status).toBe(0);
  });
});
