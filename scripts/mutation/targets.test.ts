/**
 * The mutation score speaks for the identity service and the credentials, access rules, limits and
 * pages under it: a source file there that no target mutates would be left out of it unseen, and a
 * test pattern that matches nothing would let that target's mutants survive for want of the tests
 * meant to kill them.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { TARGETS } from "./targets.mjs";

const ROOT = join(import.meta.dirname, "..", "..");
const S = "apps/store/src";
/** Folders whose every source file is measured: their own files, not their subfolders'. */
const SCORED_FOLDERS = [
  "identity",
  "identity/grants",
  "data/access",
  "platform/limits",
  "platform/pages",
].map((folder) => `${S}/${folder}`);
/** Measured files whose folders also hold files no target measures. */
const SCORED_FILES = [
  "identity/pages/views.ts",
  "main/commands/key-cli.ts",
  "main/commands/members-cli.ts",
  "platform/http/caller.ts",
  "platform/http/cookies.ts",
  "platform/http/request-origin.ts",
  "platform/mail/mailer.ts",
  "platform/secrets/secret-box.ts",
  "platform/secrets/secrets.ts",
  "platform/secrets/signing-key.ts",
  "platform/secrets/store-signing-key.ts",
].map((file) => `${S}/${file}`);

function filesUnder(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: "utf8" })
    .map((file) => `${folder}/${file}`)
    .filter((file) => file.endsWith(".ts"));
}

function filesIn(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
    .map((entry) => `${folder}/${entry.name}`);
}

function matcher(pattern: string): (file: string) => boolean {
  const source = pattern
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join("[^/]*");
  const regex = new RegExp(`^${source}$`);
  return (file) => regex.test(file);
}

function mutatedBy(file: string): string[] {
  return Object.entries(TARGETS)
    .filter(([, target]) => {
      const included = target.mutate
        .filter((p) => !p.startsWith("!"))
        .some((p) => matcher(p)(file));
      const excluded = target.mutate
        .filter((p) => p.startsWith("!"))
        .some((p) => matcher(p.slice(1))(file));
      return included && !excluded;
    })
    .map(([name]) => name);
}

const allStoreFiles = filesUnder(S);

describe("mutation targets", () => {
  it.each(SCORED_FOLDERS)("mutate every source file of %s", (folder) => {
    // A wing's face (index.ts) only hands names on: nothing in it to mutate.
    const sources = filesIn(folder).filter(
      (file) => !/\.test\.ts$/.test(file) && file !== `${S}/${file.split("/")[3]}/index.ts`,
    );
    const unmeasured = sources.filter((file) => mutatedBy(file).length === 0);
    expect(unmeasured).toEqual([]);
  });

  it("mutate each measured file that sits among unmeasured ones", () => {
    const unmeasured = SCORED_FILES.filter(
      (file) => !allStoreFiles.includes(file) || mutatedBy(file).length === 0,
    );
    expect(unmeasured).toEqual([]);
  });

  it("mutate no test file, whose mutants would count in the score as if they were the code's", () => {
    const tests = allStoreFiles.filter(
      (file) => /\.test\.ts$/.test(file) && mutatedBy(file).length > 0,
    );
    expect(tests).toEqual([]);
  });

  it("mutate each file in one target only, so no mutant is counted twice", () => {
    const twice = allStoreFiles.filter((file) => mutatedBy(file).length > 1);
    expect(twice).toEqual([]);
  });

  it.each(Object.keys(TARGETS))("%s: every pattern names files that exist", (name) => {
    const target = TARGETS[name];
    const patterns = [...target.mutate.filter((p) => !p.startsWith("!")), ...target.testFiles];
    const empty = patterns.filter((pattern) => !allStoreFiles.some(matcher(pattern)));
    expect(empty).toEqual([]);
  });
});
