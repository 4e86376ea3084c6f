// Child entry: json-server 0.17 in-process, serving db.json without its request logger.
import { createServer, type RequestListener } from "node:http";
import { createRequire } from "node:module";
import { listenAndAnnounce } from "./listen.ts";

interface JsonServerApp extends RequestListener {
  use(...handlers: unknown[]): void;
}
interface JsonServerModule {
  create(): JsonServerApp;
  defaults(options: { logger: boolean }): unknown[];
  router(source: string, options?: { foreignKeySuffix?: string }): { db: { _: { id: string } } };
}

const file = process.argv[2];
if (!file) throw new Error("usage: json-server.ts <db.json>");
const jsonServer = createRequire(import.meta.url)("json-server") as JsonServerModule;
const app = jsonServer.create();
const router = jsonServer.router(file);
// The content's items are keyed by `_id`, as the protocol returns them.
router.db._.id = "_id";
app.use(jsonServer.defaults({ logger: false }));
app.use(router);
listenAndAnnounce(createServer(app));
