/**
 * @module Serves the site on the store's origin: `GET /` rendered server-side from the five
 * collections (cached until the content version changes) and `client/` as static files.
 */
import { relative, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { SITE_COLLECTIONS } from "../collections.ts";
import type { ItemQuery, ItemsStore } from "../db/items-store.ts";
import { ApiError } from "../errors.ts";
import { loadSite, type PageContent } from "./load-site.ts";

export type SitePluginOptions = { dir: string; store: ItemsStore };

const IMMUTABLE = "public, max-age=31536000, immutable";
const SHORT = "public, max-age=300";
const ALL_ITEMS: Omit<ItemQuery, "collectionId"> = {
  filter: { type: "and", nodes: [] },
  sort: [],
  offset: 0,
  limit: null,
};

/** The five collections' item data, in default order, as the query call returns them. */
export function readPageContent(store: ItemsStore): { version: number; content: PageContent } {
  return store.transaction(() => {
    const entries = SITE_COLLECTIONS.map((collectionId) => [
      collectionId,
      store.query({ ...ALL_ITEMS, collectionId }).map((item) => item.data),
    ]);
    return { version: store.contentVersion(), content: Object.fromEntries(entries) as PageContent };
  });
}

export async function sitePlugin(app: FastifyInstance, options: SitePluginOptions): Promise<void> {
  const site = await loadSite(options.dir);
  let cache: { version: number; html: string } | null = null;

  function renderHtml(request: FastifyRequest): string {
    const version = options.store.contentVersion();
    if (cache?.version === version) return cache.html;
    const page = readPageContent(options.store);
    try {
      cache = { version: page.version, html: site.renderPage(site.template, page.content) };
    } catch (error) {
      request.log.error({ err: error }, "renderPage failed");
      throw new ApiError("SITE_RENDER_FAILED");
    }
    return cache.html;
  }

  const sendPage = async (request: FastifyRequest, reply: FastifyReply) =>
    reply
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-cache")
      .send(renderHtml(request));
  app.get("/", sendPage);
  app.get("/index.html", sendPage);

  await app.register(fastifyStatic, {
    root: site.clientDir,
    index: false,
    cacheControl: false,
    setHeaders(res, filePath) {
      const path = relative(site.clientDir, filePath).split(sep).join("/");
      res.setHeader("cache-control", path.startsWith("assets/") ? IMMUTABLE : SHORT);
    },
  });
}
