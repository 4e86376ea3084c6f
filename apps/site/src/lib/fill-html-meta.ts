import type { SiteSettings as SiteConfig } from "../settings/site-settings.ts";

const TITLE_PLACEHOLDER = "%SITE_TITLE%";
const DESCRIPTION_PLACEHOLDER = "%SITE_DESCRIPTION%";

function escapeHtml(value: string): string {
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
