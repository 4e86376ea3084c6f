/**
 * @module Serves the editor's HTML (the site build's `admin.html`) on `/admin` and
 * `/admin/setup`, with headers that keep it out of frames, caches and referrers.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { ApiError } from "../../errors.ts";

// The preview iframe inherits this policy; the page it shows needs only same-origin assets.
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join("; ");

export function readEditorShell(siteDir: string | undefined): string | null {
  if (siteDir === undefined) return null;
  const file = join(siteDir, "client", "admin.html");
  return existsSync(file) ? readFileSync(file, "utf8") : null;
}

export function registerEditorShell(app: FastifyInstance, html: string | null): void {
  const send = async (_request: unknown, reply: import("fastify").FastifyReply) => {
    if (html === null) throw new ApiError("OWNER_EDITOR_NOT_BUILT");
    return reply
      .type("text/html; charset=utf-8")
      .header("content-security-policy", CONTENT_SECURITY_POLICY)
      .header("x-frame-options", "DENY")
      .header("referrer-policy", "no-referrer")
      .header("x-content-type-options", "nosniff")
      .send(html);
  };
  for (const path of ["/", "/setup"]) app.get(path, send);
}
