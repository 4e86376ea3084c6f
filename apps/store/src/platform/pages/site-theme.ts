/**
 * @module The site's palette and fonts as plain CSS for the members' pages, from the site's own
 * theme files (one source): the light tokens of `theme.css`'s Tailwind `@theme` block on `:root`,
 * and the dark rules of `theme-dark.css`'s `@layer base` unwrapped (layered rules would lose to
 * the unlayered light ones).
 */
import { readFileSync } from "node:fs";
import { SITE_THEME_FILES } from "../store-paths.ts";

/** The text between the braces of the first block that `opening` starts. */
export function blockBody(css: string, opening: string): string {
  const start = css.indexOf(opening);
  if (start === -1) throw new Error(`the site's theme has no "${opening}" block`);
  const open = css.indexOf("{", start);
  let depth = 0;
  for (let index = open; index < css.length; index++) {
    if (css[index] === "{") depth += 1;
    else if (css[index] === "}" && --depth === 0) return css.slice(open + 1, index);
  }
  throw new Error(`the site's theme's "${opening}" block is not closed`);
}

/** The members' pages' theme from the site's light and dark theme files' text. */
export function themeCss(lightCss: string, darkCss: string): string {
  return `:root {
  color-scheme: light;${blockBody(lightCss, "@theme")}}
${blockBody(darkCss, "@layer base").trim()}
`;
}

/** The theme from the site's files as they are now (read once, when the store starts). */
export function siteThemeCss(): string {
  return themeCss(
    readFileSync(SITE_THEME_FILES.light, "utf8"),
    readFileSync(SITE_THEME_FILES.dark, "utf8"),
  );
}
