/**
 * @module The template's head-tags region. The build fills it with the build-time title and
 * description (enough for the page served statically, without the store); the server's render
 * replaces the whole region with the tags built from the stored settings.
 */
import type { SiteSettings } from "@consultant/site-content";
import { escapeHtml } from "../lib/escape-html.ts";

/** Where index.html wants the tags. */
export const HEAD_TAGS_PLACEHOLDER = "<!--head-tags-->";
const REGION_START = "<!--head-tags:start-->";
const REGION_END = "<!--head-tags:end-->";

/** The build's fill: the placeholder becomes a marked region with title and description. */
export function fillDefaultHeadTags(
  html: string,
  settings: Pick<SiteSettings, "title" | "description">,
): string {
  const tags = `<title>${escapeHtml(settings.title)}</title>\n    <meta name="description" content="${escapeHtml(settings.description)}" />`;
  return html.replace(HEAD_TAGS_PLACEHOLDER, () => `${REGION_START}${tags}${REGION_END}`);
}

/** The template with its head-tags region (or bare placeholder) replaced by `tags`. */
export function replaceHeadTags(html: string, tags: string): string {
  const start = html.indexOf(REGION_START);
  const end = html.indexOf(REGION_END);
  if (start !== -1 && end > start) {
    return `${html.slice(0, start)}${tags}${html.slice(end + REGION_END.length)}`;
  }
  return html.replace(HEAD_TAGS_PLACEHOLDER, () => tags);
}
