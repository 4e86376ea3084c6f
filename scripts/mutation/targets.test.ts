/**
 * The mutation score speaks for whole folders (identity/, auth/, limits/): a source file that no
 * target mutates would be left out of it unseen, and a test pattern that matches nothing would
 * let that target's mutants survive for want of the tests meant to kill them.
 */
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { TARGETS } from "./targets.mjs";

const ROOT = join(import.meta.dirname, "..", "..");
const SCORED_FOLDERS = ["identity", "auth", "limits"].map((folder) => `apps/store/src/${folder}`);

function filesUnder(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: "utf8" })
    .map((file) => `${folder}/${file}`)
    .filter((file) => file.endsWith(".ts"));
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

const allStoreFiles = filesUnder("apps/store/src");

describe("mutation targets", () => {
  it.each(SCORED_FOLDERS)("mutate every source file of %s", (folder) => {
    const sources = filesUnder(folder).filter((file) => !/\.test\.ts$/.test(file));
    const unmeasured = sources.filter((file) => mutatedBy(file).length === 0);
    expect(unmeasured.map((file) => relative(ROOT, join(ROOT, file)))).toEqual([]);
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
