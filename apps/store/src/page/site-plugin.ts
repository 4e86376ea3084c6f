/**
 * @module Serves the site on the store's origin: `GET /` rendered server-side from the page's
 * collections (cached, with its compressed forms and ETag, until the content version changes)
 * and `client/` as static files, precompressed on start and sent by content negotiation.
 */
import { relative, sep } from "node:path";
import { PAGE_COLLECTIONS, type PageContent } from "@consultant/site-content";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { allItemsQuery, type ItemsStore } from "../data/index.ts";
import { ApiError } from "../platform/errors.ts";
import { type CompressedBody, createCompressedBody } from "../platform/http/compressed-body.ts";
import { contentSecurityPolicy, inlineStyleHashes } from "../platform/http/security-headers.ts";
import { type BodyHeaders, sendBody } from "../platform/http/send-body.ts";
import { type SharedCache, sharedCacheControl } from "../platform/http/shared-cache.ts";
import { withAutomaticSignIn } from "./client-sign-in.ts";
import { inlineScriptHashes } from "./inline-script-hashes.ts";
import { loadSite } from "./load-site.ts";
import type { PageFastPath } from "./page-fast-path.ts";
import { isCompressible, precompressAssets } from "./precompress-assets.ts";
import { registerSearchFiles } from "./search-files.ts";

export type SitePluginOptions = {
  dir: string;
  store: ItemsStore;
  /** Answers plain page views in front of Fastify (page-fast-path.ts). */
  fastPath?: PageFastPath;
  /** What CDNs may keep of the page (the same for every visitor); `no-cache` when null. */
  sharedCache?: SharedCache | null;
  /** Whether the owner has a client yet (turns the automatic client sign-in link on). */
  hasClients?: () => boolean;
};

const IMMUTABLE = "public, max-age=31536000, immutable";
const SHORT = "public, max-age=300";
const PAGE_PATHS = ["/", "/index.html"];
const pageHeaders = (sharedCache: SharedCache | null): BodyHeaders => ({
  contentType: "text/html; charset=utf-8",
  // The page depends on the content version only: any cache may hold it and revalidate by ETag.
  cacheControl: sharedCacheControl(sharedCache, "no-cache"),
});

/**
 * The page collections' item data, in default order, as the query call returns them. The version
 * is read first: on PostgreSQL each statement sees the latest commits, so content read after it is
 * never older than the version it is filed under (newer only costs one more render).
 */
export function readPageContent(store: ItemsStore): { version: number; content: PageContent } {
  return store.transaction(() => {
    const version = store.contentVersion();
    const entries = PAGE_COLLECTIONS.map((collectionId) => [
      collectionId,
      store.query(allItemsQuery(collectionId)).map((item) => item.data),
    ]);
    return { version, content: Object.fromEntries(entries) as PageContent };
  });
}

/** The page's CSP: the default policy plus its template's inline `<style>` and `<script>` elements by hash. */
export function pageContentSecurityPolicy(template: string): string {
  return contentSecurityPolicy({
    "style-src": inlineStyleHashes(template),
    // The theme script in <head> (the visitor's light or dark choice before the first paint).
    "script-src": inlineScriptHashes(template),
  });
}

export async function sitePlugin(app: FastifyInstance, options: SitePluginOptions): Promise<void> {
  const site = await loadSite(options.dir);
  let cache: { version: number; clients: boolean; page: CompressedBody } | null = null;
  const hasClients = options.hasClients ?? (() => false);
  // The template's inline styles are the page's only inline code (its content is JSON data).
  const pagePolicy = pageContentSecurityPolicy(site.template);
  const headers = pageHeaders(options.sharedCache ?? null);

  /** The page for the current content version. @throws Error when renderPage throws. */
  function currentPage(): CompressedBody {
    const version = options.store.contentVersion();
    const clients = hasClients();
    if (cache?.version === version && cache.clients === clients) return cache.page;
    const page = readPageContent(options.store);
    const html = site.renderPage(site.template, withAutomaticSignIn(page.content, clients));
    cache = { version: page.version, clients, page: createCompressedBody(html) };
    return cache.page;
  }

  function renderHtml(request: FastifyRequest): CompressedBody {
    try {
      return currentPage();
    } catch (error) {
      request.log.error({ err: error }, "renderPage failed");
      throw new ApiError("SITE_RENDER_FAILED");
    }
  }

  const sendPage = async (request: FastifyRequest, reply: FastifyReply) =>
    sendBody(
      request,
      reply.header("content-security-policy", pagePolicy),
      renderHtml(request),
      headers,
    );
  for (const path of PAGE_PATHS) app.get(path, sendPage);
  options.fastPath?.serve({
    paths: PAGE_PATHS,
    body: currentPage,
    headers: { ...headers, contentSecurityPolicy: pagePolicy },
  });
  registerSearchFiles(app, {
    version: () => options.store.contentVersion(),
    read: () => readPageContent(options.store),
  });

  const precompressed = await precompressAssets(site.clientDir);
  for (const { file, error } of precompressed.failed) {
    app.log.warn(`cannot write ${file} (${error}); it is sent uncompressed`);
  }
  await app.register(fastifyStatic, {
    root: site.clientDir,
    index: false,
    cacheControl: false,
    preCompressed: true,
    // HTML pages have their own routes (SSR, the editor's security headers); never serve them raw.
    allowedPath: (pathName) => !pathName.endsWith(".html"),
    setHeaders(reply, filePath) {
      const path = relative(site.clientDir, filePath).split(sep).join("/");
      reply.header("cache-control", path.startsWith("assets/") ? IMMUTABLE : SHORT);
      if (isCompressible(path.replace(/\.(br|gz)$/, ""))) reply.header("vary", "Accept-Encoding");
    },
  });
}
