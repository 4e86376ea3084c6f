/**
 * @module `npm run dev`: the store and the page on one origin (PORT, default 5173), the way
 * `npm start` serves them, with Vite in middleware mode for the page: real content from
 * DATA_DIR (sample content seeded on first start), the page server-rendered from the sources
 * on every load, and hot reload of components over the same server; the editor at `/admin`
 * from its sources as well.
 */
import { join, resolve } from "node:path";
import { createServer as createViteServer } from "vite";
import { devEditorHook, devSitePlugin } from "./dev/dev-site-plugin.ts";
import { createDevStore } from "./dev/dev-store.ts";

const ROOT = resolve(import.meta.dirname, "..");

const { app, db, store, config } = createDevStore(process.env, process.cwd());
const vite = await createViteServer({
  root: join(ROOT, "apps/site"),
  appType: "custom",
  server: { middlewareMode: true, hmr: { server: app.server } },
});
app.addHook("onRequest", devEditorHook(vite));
// Vite's page injects inline scripts and styles (its client, React refresh, CSS updates) that the
// production CSP refuses; the production policy is checked against the build (e2e/security.spec.ts).
app.addHook("onSend", async (_request, reply) => {
  reply.removeHeader("content-security-policy");
});
await app.register(devSitePlugin, { vite, store });

let closing = false;
async function shutdown(): Promise<void> {
  if (closing) return;
  closing = true;
  await vite.close();
  await app.close();
  db.close();
  process.exit(0);
}
process.once("SIGINT", () => void shutdown());
process.once("SIGTERM", () => void shutdown());

await app.listen({ port: config.port, host: config.host });
const shownHost = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
console.log(`dev: page and store on http://${shownHost}:${config.port}`);
