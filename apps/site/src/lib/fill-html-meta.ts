import type { SiteConfig } from "../site.config.ts";

export const TITLE_PLACEHOLDER = "%SITE_TITLE%";
export const DESCRIPTION_PLACEHOLDER = "%SITE_DESCRIPTION%";

export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}

export function fillHtmlMeta(html: string, config: Pick<SiteConfig, "title" | "description">) {
  return html
    .replaceAll(TITLE_PLACEHOLDER, escapeHtml(config.title))
    .replaceAll(DESCRIPTION_PLACEHOLDER, escapeHtml(config.description));
}
