import { readFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import type { FastifyInstance } from "fastify";
import { contentSecurityPolicy } from "../../apps/store/src/main/testing.ts";

const FIXTURE_DIR = join(import.meta.dirname, "../fixtures/member-app");

/** Where the fixture app lives on the store's origin. */
export const FIXTURE_PATH = "/fixture/";

/** Bundles the fixture app (both entry points of our client included) for the browser. */
export async function bundleMemberFixture(): Promise<string> {
  const result = await build({
    entryPoints: [join(FIXTURE_DIR, "main.ts")],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    logLevel: "silent",
  });
  return result.outputFiles[0]?.text ?? "";
}

/**
 * Returns routes that serve the fixture app under {@link FIXTURE_PATH} of the test store. It must
 * share the store's origin (the store allows same-origin redirect URIs) and receive the store's
 * redirects to its callback, which Playwright routing does not intercept.
 */
export function memberFixtureRoutes(script: string): (app: FastifyInstance) => void {
  const html = readFileSync(join(FIXTURE_DIR, "index.html"), "utf8");
  return (app) => {
    app.get(`${FIXTURE_PATH}app.js`, (_request, reply) =>
      reply.type("text/javascript").header("cache-control", "no-store").send(script),
    );
    // A page that signs members in silently frames the store's /members/authorize, so its CSP
    // allows same-origin frames (the store's default policy allows none).
    app.get(`${FIXTURE_PATH}*`, (_request, reply) =>
      reply
        .type("text/html")
        .header("cache-control", "no-store")
        .header("content-security-policy", contentSecurityPolicy({ "frame-src": ["'self'"] }))
        .send(html),
    );
  };
}
