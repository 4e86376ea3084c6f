/**
 * @module Serves the editor's HTML (the site build's `admin.html`) on `/admin` and
 * `/admin/setup` and `/admin/reset` (mailed reset and invitation links), under a CSP that also fits the page shown in its preview.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance, FastifyReply } from "fastify";
import { ApiError } from "../../platform/errors.ts";
import { contentSecurityPolicy, inlineStyleHashes } from "../../platform/http/security-headers.ts";

/**
 * The editor's CSP: the default policy, plus the page's inline styles by hash, since the
 * preview (`<iframe srcdoc>`, sandboxed) shows the page and inherits this policy.
 */
export function editorContentSecurityPolicy(siteDir: string | undefined): string {
  const template = siteDir === undefined ? null : join(siteDir, "client", "index.html");
  const pageStyles =
    template !== null && existsSync(template)
      ? inlineStyleHashes(readFileSync(template, "utf8"))
      : [];
  return contentSecurityPolicy({ "style-src": pageStyles, "frame-src": ["'self'"] });
}

export function readEditorShell(siteDir: string | undefined): string | null {
  if (siteDir === undefined) return null;
  const file = join(siteDir, "client", "admin.html");
  return existsSync(file) ? readFileSync(file, "utf8") : null;
}

export function registerEditorShell(
  app: FastifyInstance,
  html: string | null,
  policy: string,
): void {
  // Frames, referrers and sniffing are refused for every response (http/security-headers.ts).
  const send = async (_request: unknown, reply: FastifyReply) => {
    if (html === null) throw new ApiError("OWNER_EDITOR_NOT_BUILT");
    return reply
      .type("text/html; charset=utf-8")
      .header("content-security-policy", policy)
      .send(html);
  };
  for (const path of ["/", "/setup", "/reset"]) app.get(path, send);
}
