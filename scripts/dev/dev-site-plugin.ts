/**
 * @module The page in development: `GET /` rendered by the site's `entry-server.tsx` through
 * Vite (`ssrLoadModule`, so an edit shows on the next load) from the store's content, exactly
 * as `npm start` renders it from the build; every other path the store has no route for goes
 * to Vite (modules, the HMR client, public files), and what Vite does not serve either gets the
 * store's usual 404 body. `devEditorHook` serves the owner's editor from the sources too.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { RenderPage } from "@consultant/site-content";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ViteDevServer } from "vite";
import {
  ApiError,
  type ItemsStore,
  readPageContent,
  toErrorBody,
} from "../../apps/store/src/main/testing.ts";

export type DevSiteOptions = { vite: ViteDevServer; store: ItemsStore };

type ServerEntry = { renderPage: RenderPage };

const SERVER_ENTRY = "/src/entry-server.tsx";
/** Where the store serves the editor's page (owner/routes/editor-shell.ts). */
const EDITOR_PATHS = new Set(["/admin", "/admin/", "/admin/setup"]);

/**
 * Root onRequest hook: the editor's page (`admin.html`) through Vite, before the store's
 * route, which serves the built file. Without the built page's CSP: Vite's hot reload needs
 * an inline script.
 */
export function devEditorHook(vite: ViteDevServer) {
  const send = sendSourcePage(vite, "admin.html");
  return async function devEditorHook(request: FastifyRequest, reply: FastifyReply) {
    if (request.method !== "GET" || !EDITOR_PATHS.has(request.url.split("?")[0] ?? "")) return;
    return send(request, reply);
  };
}

/** An HTML entry of the site's sources through Vite (its modules hot-reload). */
function sendSourcePage(vite: ViteDevServer, name: string) {
  const file = join(vite.config.root, name);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const html = await vite.transformIndexHtml(request.url, await readFile(file, "utf8"));
    return reply.type("text/html; charset=utf-8").header("cache-control", "no-store").send(html);
  };
}

export async function devSitePlugin(app: FastifyInstance, { vite, store }: DevSiteOptions) {
  const templateFile = join(vite.config.root, "index.html");

  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    try {
      const template = await vite.transformIndexHtml(
        request.url,
        await readFile(templateFile, "utf8"),
      );
      const entry = (await vite.ssrLoadModule(SERVER_ENTRY)) as ServerEntry;
      const html = entry.renderPage(template, readPageContent(store).content);
      return reply.type("text/html; charset=utf-8").header("cache-control", "no-store").send(html);
    } catch (error) {
      // Stack traces point at the sources, not at Vite's transformed modules.
      if (error instanceof Error) vite.ssrFixStacktrace(error);
      request.log.error({ err: error }, "renderPage failed");
      throw new ApiError("SITE_RENDER_FAILED");
    }
  }
  app.get("/", sendPage);
  app.get("/index.html", sendPage);

  app.get("/*", (request, reply) => {
    reply.hijack();
    vite.middlewares(request.raw, reply.raw, () => {
      const path = request.url.split("?")[0] ?? "";
      const body = JSON.stringify(toErrorBody(new ApiError("ROUTE_NOT_FOUND", ["GET", path])));
      reply.raw.writeHead(404, { "content-type": "application/json; charset=utf-8" });
      reply.raw.end(body);
    });
  });
}
