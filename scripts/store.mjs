// `npm run store` and `npm run content`: the store's commands, built if needed, run with node.
// Usage: node scripts/store.mjs <cli|content-cli> [arguments of that command…]
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ensureBuilt, STORE_DIST } from "./lib/ensure-built.mjs";

const ENTRIES = new Set(["cli", "content-cli"]);
const [entry] = process.argv.splice(2, 1);
if (!ENTRIES.has(entry)) {
  console.error("usage: node scripts/store.mjs <cli|content-cli> [arguments]");
  process.exit(2);
}
try {
  ensureBuilt({ site: false });
} catch (error) {
  console.error(`store: ${error.message}`);
  process.exit(1);
}
await import(pathToFileURL(join(STORE_DIST, `${entry}.js`)).href);
