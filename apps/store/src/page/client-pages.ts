/**
 * @module Serves the member pages of the site build: `/account` (`account.html`) and
 * `/client-area` (`client-area.html`), each its own entry, so the visitor page loads none of
 * their code. Their CSP is the default one plus `frame-src 'self'`: signing in completes in a
 * hidden frame on the store's own sign-in page (`getMemberTokensForDirectLogin`).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { contentSecurityPolicy } from "../platform/http/security-headers.ts";

/** Route to the HTML file of the site build's `client/` that it serves. */
export const CLIENT_PAGES = { "/account": "account.html", "/client-area": "client-area.html" };

export const CLIENT_PAGE_POLICY = contentSecurityPolicy({ "frame-src": ["'self'"] });

/** Registers each page the build has; a build without them simply lacks the routes. */
export function registerClientPages(app: FastifyInstance, clientDir: string): void {
  for (const [path, file] of Object.entries(CLIENT_PAGES)) {
    const location = join(clientDir, file);
    if (!existsSync(location)) continue;
    const html = readFileSync(location, "utf8");
    app.get(path, async (_request, reply) =>
      reply
        .type("text/html; charset=utf-8")
        .header("cache-control", "no-cache")
        .header("content-security-policy", CLIENT_PAGE_POLICY)
        .send(html),
    );
  }
}
