import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { build } from "esbuild";

const FIXTURE_DIR = join(import.meta.dirname, "../fixtures/member-app");

let bundle: Promise<string> | undefined;

/** Bundles the fixture app (our client's two entry points included) once per worker. */
function bundleFixture(): Promise<string> {
  bundle ??= build({
    entryPoints: [join(FIXTURE_DIR, "main.ts")],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    logLevel: "silent",
  }).then((result) => result.outputFiles[0]?.text ?? "");
  return bundle;
}

/**
 * Serves the fixture app under `{storeUrl}/fixture/` through Playwright routing, so it runs on the
 * store's origin (the store allows same-origin redirect URIs) without the store knowing it.
 */
export async function serveMemberFixture(page: Page, storeUrl: string): Promise<void> {
  const script = await bundleFixture();
  const html = readFileSync(join(FIXTURE_DIR, "index.html"), "utf8");
  await page.route(`${storeUrl}/fixture/**`, (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname === "/fixture/app.js") {
      return route.fulfill({ contentType: "text/javascript", body: script });
    }
    return route.fulfill({ contentType: "text/html", body: html });
  });
}
