/**
 * @module The page's `<head>` tags built from the settings on the server: title, description,
 * canonical URL, Open Graph and Twitter card (title, description, picture and its size) and
 * JSON-LD. Nothing here reaches the browser bundle.
 */

import { type Service, type SiteSettings, siteOrigin } from "@consultant/site-content";
import { SHARE_CARD } from "../assets/share-card.ts";
import { escapeHtml } from "../lib/escape-html.ts";
import { buildStructuredData, serializeStructuredData } from "./structured-data.ts";

/** The picture announced to sharing services: the owner's, else the built-in card. */
export interface ShareImage {
  url: string;
  width?: number;
  height?: number;
}

/** The share picture as an absolute URL (sharing services need one), or undefined. */
export function shareImageOf(settings: SiteSettings): ShareImage | undefined {
  const own = settings.shareImageUrl.trim();
  if (own !== "") return { url: own };
  const origin = siteOrigin(settings);
  if (origin === undefined) return undefined;
  return { url: `${origin}${SHARE_CARD.url}`, width: SHARE_CARD.width, height: SHARE_CARD.height };
}

function meta(attribute: "name" | "property", key: string, value: string | number): string {
  return `<meta ${attribute}="${key}" content="${escapeHtml(String(value))}" />`;
}

/** Every tag, one per line, ready for the template's placeholder. */
export function renderHeadTags(settings: SiteSettings, services: readonly Service[]): string {
  const origin = siteOrigin(settings);
  const url = origin === undefined ? undefined : `${origin}/`;
  const image = shareImageOf(settings);
  const imageAlt = `${settings.name}, ${settings.company}`;
  const tags = [
    `<title>${escapeHtml(settings.title)}</title>`,
    meta("name", "description", settings.description),
    url === undefined ? "" : `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta("property", "og:type", "website"),
    meta("property", "og:title", settings.title),
    meta("property", "og:description", settings.description),
    meta("property", "og:site_name", settings.company),
    url === undefined ? "" : meta("property", "og:url", url),
    image === undefined ? "" : meta("property", "og:image", image.url),
    image?.width === undefined ? "" : meta("property", "og:image:width", image.width),
    image?.height === undefined ? "" : meta("property", "og:image:height", image.height),
    image === undefined ? "" : meta("property", "og:image:alt", imageAlt),
    meta("name", "twitter:card", image === undefined ? "summary" : "summary_large_image"),
    meta("name", "twitter:title", settings.title),
    meta("name", "twitter:description", settings.description),
    image === undefined ? "" : meta("name", "twitter:image", image.url),
    image === undefined ? "" : meta("name", "twitter:image:alt", imageAlt),
    `<script type="application/ld+json">${serializeStructuredData(
      buildStructuredData(settings, services, image?.url),
    )}</script>`,
  ];
  return tags.filter((tag) => tag !== "").join("\n    ");
}
