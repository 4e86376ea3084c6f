/**
 * The docs name the files a reader should open (`store/identity/login.ts` for
 * apps/store/src/identity/login.ts, `e2e/members.spec.ts`, `bench/analytics.ts`); a file moved
 * without its docs sends the reader nowhere. Every such path in docs/ and the README must exist.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");
const ROOTS = ["apps/", "packages/", "e2e/", "bench/", "scripts/", "conformance/", "docs/"];

/**
 * The repository path a doc's `path` names, or null for a path the docs name otherwise or one
 * a build makes (under `dist/`: not there in a fresh clone).
 */
function repositoryPath(named: string): string | null {
  if (named.split("/").includes("dist")) return null;
  if (named.startsWith("store/")) return `apps/store/src/${named.slice("store/".length)}`;
  return ROOTS.some((root) => named.startsWith(root)) ? named : null;
}

/** Code spans holding a file path with an extension (no spaces, no wildcards). */
function namedPaths(markdown: string): string[] {
  const spans = markdown.matchAll(/`([\w@.-]+(?:\/[\w@.-]+)+\.[a-z]{2,4})`/g);
  return [...spans].map((match) => match[1] as string);
}

const documents = [
  "README.md",
  ...readdirSync(join(ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];

describe("the docs' file paths", () => {
  it("reads `store/…` as the store's sources and leaves other paths alone", () => {
    expect(repositoryPath("store/identity/login.ts")).toBe("apps/store/src/identity/login.ts");
    expect(repositoryPath("e2e/members.spec.ts")).toBe("e2e/members.spec.ts");
    expect(repositoryPath("content/Industries.json")).toBeNull();
    expect(repositoryPath("apps/site/dist/server/entry-server.js")).toBeNull();
    expect(namedPaths("see `store/a/b.ts` and `npm test`, `a b/c.ts`")).toEqual(["store/a/b.ts"]);
  });

  it.each(documents)("%s names only files that exist", (document) => {
    const text = readFileSync(join(ROOT, document), "utf8");
    const missing = namedPaths(text)
      .map(repositoryPath)
      .filter((path): path is string => path !== null && !existsSync(join(ROOT, path)));
    expect(missing).toEqual([]);
  });
});
