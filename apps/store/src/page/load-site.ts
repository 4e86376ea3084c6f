/**
 * @module Loads the built site (architecture.md, "Site and store"): `server/entry-server.js`
 * exporting `renderPage(template, content)` and the `client/index.html` template.
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { RenderPage } from "@consultant/site-content";

export type LoadedSite = { renderPage: RenderPage; template: string; clientDir: string };

/** Thrown when SITE_DIR lacks the build output. */
export class SiteNotBuiltError extends Error {
  constructor(dir: string) {
    super(
      `The site is not built: ${dir} has no server/entry-server.js or client/index.html. Run \`npm run build\` first.`,
    );
    this.name = "SiteNotBuiltError";
  }
}

function sitePaths(dir: string) {
  return {
    entry: join(dir, "server", "entry-server.js"),
    clientDir: join(dir, "client"),
    template: join(dir, "client", "index.html"),
  };
}

/** @throws SiteNotBuiltError when the build output is missing. */
export function assertSiteBuilt(dir: string): void {
  const paths = sitePaths(dir);
  if (!existsSync(paths.entry) || !existsSync(paths.template)) throw new SiteNotBuiltError(dir);
}

/**
 * Imports the server entry and reads the template.
 * @throws SiteNotBuiltError when files are missing; Error when renderPage is not exported.
 */
export async function loadSite(dir: string): Promise<LoadedSite> {
  assertSiteBuilt(dir);
  const paths = sitePaths(dir);
  const entry = (await import(pathToFileURL(paths.entry).href)) as { renderPage?: unknown };
  if (typeof entry.renderPage !== "function") {
    throw new Error(`${paths.entry} does not export renderPage(template, content)`);
  }
  return {
    renderPage: entry.renderPage as RenderPage,
    template: await readFile(paths.template, "utf8"),
    clientDir: paths.clientDir,
  };
}
