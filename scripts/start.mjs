// `npm start`: build the site and the store when their sources changed (if the build tools are
// installed), then run the built store with node alone.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ensureBuilt, STORE_DIST } from "./lib/ensure-built.mjs";

// React renders the page with its production build (smaller, faster, no dev-only checks).
process.env.NODE_ENV ??= "production";

try {
  ensureBuilt({ site: process.env.SITE_DIR === undefined });
} catch (error) {
  console.error(`start: ${error.message}`);
  process.exit(1);
}
await import(pathToFileURL(join(STORE_DIST, "index.js")).href);
