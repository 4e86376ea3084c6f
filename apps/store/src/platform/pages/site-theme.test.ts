/**
 * The members' pages take their palette from the site's theme files, so an edit there reaches
 * them with no copy to keep in step; a theme file the store cannot read stops it at start.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { SITE_THEME_FILES } from "../store-paths.ts";
import { themeCss } from "./site-theme.ts";

const light = readFileSync(SITE_THEME_FILES.light, "utf8");
const dark = readFileSync(SITE_THEME_FILES.dark, "utf8");

test("a colour changed in the site's light or dark theme changes the members' stylesheet", () => {
  const before = themeCss(light, dark);
  const lighter = themeCss(
    light.replace("--color-accent: #0f5f5c", "--color-accent: #123456"),
    dark,
  );
  const darker = themeCss(
    light,
    dark.replaceAll("--color-accent: #5ec4b8", "--color-accent: #abcdef"),
  );
  expect(before).toContain("--color-accent: #0f5f5c;");
  expect(lighter).toContain("--color-accent: #123456;");
  expect(lighter).not.toContain("#0f5f5c");
  expect(darker.match(/--color-accent: #abcdef;/g)).toHaveLength(2);
});

test("the dark rules leave the site's layer, so they win over the light tokens", () => {
  const css = themeCss(light, dark);
  expect(css).not.toContain("@layer");
  expect(css.indexOf(":root {")).toBeLessThan(css.indexOf(':root[data-theme="dark"]'));
  expect(css).toContain(
    '@media (prefers-color-scheme: dark) {\n    :root:not([data-theme="light"])',
  );
});

test("a theme file without its block is refused, not served empty", () => {
  expect(() => themeCss(light, ":root { --color-ink: #000; }")).toThrow(/@layer base/);
  expect(() => themeCss("@theme { --color-ink: #000;", dark)).toThrow(/not closed/);
});

test("the light tokens come from inside the @theme block and the dark rules from inside @layer base, whatever comes first", () => {
  const siteLight = `@import "tailwindcss";\n.prose { margin: 0; }\n@theme {\n  --color-ink: #111;\n}\n`;
  const siteDark = `.dark-note { color: red; }\n@layer base {\n  :root[data-theme="dark"] { --color-ink: #eee; }\n}\n`;
  expect(themeCss(siteLight, siteDark)).toBe(
    `:root {\n  color-scheme: light;\n  --color-ink: #111;\n}\n:root[data-theme="dark"] { --color-ink: #eee; }\n`,
  );
});
