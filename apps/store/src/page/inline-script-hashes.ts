/**
 * @module CSP hash sources for the page template's inline scripts. The template has one: the
 * theme script in `<head>`, which applies the visitor's remembered light or dark choice before
 * the first paint (an external file would cost a render-blocking request). A CSP without
 * `'unsafe-inline'` must list its hash in `script-src`. Data blocks (`application/json`,
 * `application/ld+json`) are never executed, so a CSP does not govern them and they get none.
 */
import { createHash } from "node:crypto";

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const SRC = /\bsrc\s*=/i;
const TYPE = /\btype\s*=\s*["']?([^"'\s>]+)/i;
const EXECUTABLE_TYPES = new Set(["", "text/javascript", "application/javascript", "module"]);

/** `'sha256-…'` sources for every inline script of `html` that a browser would run. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", body = ""] of html.matchAll(SCRIPT)) {
    if (SRC.test(attributes)) continue;
    const type = (TYPE.exec(attributes)?.[1] ?? "").toLowerCase();
    if (!EXECUTABLE_TYPES.has(type)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}
