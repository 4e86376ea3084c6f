/**
 * @module `robots.txt` and `sitemap.xml` for search engines: the one page, at the site's address
 * from the stored settings (else the address the request came to), with `lastmod` from the
 * latest change to the page's content.
 */
import { isRecord, type PageContent, SETTINGS_ITEM_ID, siteOrigin } from "@consultant/site-content";
import type { FastifyInstance, FastifyRequest } from "fastify";

/** The latest `_updatedDate` of the page's items, or undefined when it has none. */
export function latestChange(content: PageContent): string | undefined {
  let latest: string | undefined;
  for (const items of Object.values(content)) {
    for (const item of items) {
      const date = isRecord(item._updatedDate) ? item._updatedDate.$date : undefined;
      if (typeof date === "string" && (latest === undefined || date > latest)) latest = date;
    }
  }
  return latest;
}

/** The site's address from the stored settings, without a trailing slash, or undefined. */
export function storedSiteOrigin(content: PageContent): string | undefined {
  const items = content.SiteSettings;
  const item = items.find((candidate) => candidate._id === SETTINGS_ITEM_ID) ?? items[0];
  const siteUrl = item?.siteUrl;
  if (typeof siteUrl !== "string") return undefined;
  const origin = siteOrigin({ siteUrl });
  return origin !== undefined && /^https?:\/\/[^/?#\s]+/i.test(origin) ? origin : undefined;
}

function escapeXml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&apos;");
}

/** The sitemap of the one page. */
export function buildSitemap(origin: string, lastmod: string | undefined): string {
  const lastmodTag = lastmod === undefined ? "" : `<lastmod>${escapeXml(lastmod)}</lastmod>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>${escapeXml(`${origin}/`)}</loc>${lastmodTag}</url>
</urlset>
`;
}

/** Every crawler may read the page; the editor stays out of search results. */
export function buildRobots(origin: string): string {
  return `User-agent: *
Allow: /
Disallow: /admin

Sitemap: ${origin}/sitemap.xml
`;
}

function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export type SearchFilesSource = {
  /** The content version (cheap); the facts are read again only when it changes. */
  version(): number;
  /** The page's content as the page is rendered from it. */
  read(): { version: number; content: PageContent };
};

type Facts = { version: number; origin: string | undefined; lastmod: string | undefined };

/**
 * Serves `/robots.txt` and `/sitemap.xml`. Without a stored site address they name the host the
 * request came to, so they are never kept by shared caches.
 */
export function registerSearchFiles(app: FastifyInstance, source: SearchFilesSource): void {
  let facts: Facts | null = null;
  const readFacts = (): Facts => {
    if (facts?.version === source.version()) return facts;
    const { version, content } = source.read();
    facts = { version, origin: storedSiteOrigin(content), lastmod: latestChange(content) };
    return facts;
  };

  app.get("/robots.txt", async (request, reply) => {
    const { origin } = readFacts();
    return reply
      .type("text/plain; charset=utf-8")
      .header("cache-control", "no-cache")
      .send(buildRobots(origin ?? requestOrigin(request)));
  });

  app.get("/sitemap.xml", async (request, reply) => {
    const { origin, lastmod } = readFacts();
    return reply
      .type("application/xml; charset=utf-8")
      .header("cache-control", "no-cache")
      .send(buildSitemap(origin ?? requestOrigin(request), lastmod));
  });
}
