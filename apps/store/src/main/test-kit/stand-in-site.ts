/**
 * @module A stand-in for the site's build (what SITE_DIR names): `server/entry-server.js` with
 * a `renderPage`, and `client/` with the page's template and any other files a test serves. By
 * default the page is the content it is given, as JSON, in place of `<!--app-html-->`, and the
 * editor's page is there too. Every test that needs a built site (the store's own, the editor's,
 * the benches') writes it here.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

/** A `renderPage` that writes the whole content, as JSON, in place of `<!--app-html-->`. */
export const CONTENT_AS_JSON =
  'export function renderPage(template, content) { return template.replace("<!--app-html-->", JSON.stringify(content)); }\n';

/** A `renderPage` that writes the HomePage items' texts, joined by `|`, in place of `<!--app-->`. */
export const HOME_TEXTS =
  "export const renderPage = (t, c) => t.replace('<!--app-->', c.HomePage.map((i) => i.data).join('|'));\n";

/** The stand-in's client pages unless a test names its own: the page and the editor's page. */
export const STAND_IN_PAGES: Readonly<Record<string, string>> = {
  "index.html": "<html><body><!--app-html--></body></html>",
  "admin.html": '<html><body><div id="admin"></div></body></html>',
};

export type StandInSite = {
  /** Where to write it; a new temporary folder when omitted. */
  dir?: string;
  /** The text of `server/entry-server.js`; {@link CONTENT_AS_JSON} when omitted. */
  entryServer?: string;
  /** The files under `client/`, by path; {@link STAND_IN_PAGES} when omitted. */
  client?: Readonly<Record<string, string | Uint8Array>>;
};

/** Writes a stand-in built site and answers its folder. */
export function writeStandInSite(site: StandInSite = {}): string {
  const dir = site.dir ?? mkdtempSync(join(tmpdir(), "stand-in-site-"));
  const files: [string, string | Uint8Array][] = [
    [join("server", "entry-server.js"), site.entryServer ?? CONTENT_AS_JSON],
    ...Object.entries(site.client ?? STAND_IN_PAGES).map(
      ([path, text]) => [join("client", path), text] as [string, string | Uint8Array],
    ),
  ];
  mkdirSync(join(dir, "client"), { recursive: true });
  for (const [path, text] of files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** A stand-in whose page shows the HomePage items' texts, joined by `|` ({@link HOME_TEXTS}). */
export function writeHomeTextsSite(dir?: string): string {
  return writeStandInSite({
    ...(dir === undefined ? {} : { dir }),
    entryServer: HOME_TEXTS,
    client: { "index.html": "<main><!--app--></main>" },
  });
}
