/**
 * @module The site's frame around every members' page: its logo and name from the stored
 * content (a link back to the page) and the way to the client area, so no page, error pages
 * included, is a dead end. Filled in when a page is sent, so views stay free of content reads.
 */
import { escapeHtml, SITE_FRAME_MARK } from "./html.ts";

/** Where signed-in clients find what is shared with them (page/client-area/). */
export const CLIENT_AREA_PATH = "/members/client-area";

export type SiteBrand = {
  /** The owner's (or their company's) name; empty when neither is set. */
  name: string;
  /** The logo uploaded in the editor (a file under `/media/`), if any. */
  logoSrc: string | null;
  /** Its variant for the dark scheme, if the owner uploaded one. */
  logoDarkSrc?: string | null;
};

/** Who the page is for: the contact form's pages are visitors', so they lead only home. */
export type FrameFor = "members" | "visitors";

/** The frame's header markup. */
export function siteFrame(brand: SiteBrand, audience: FrameFor = "members"): string {
  const img =
    brand.logoSrc === null
      ? ""
      : `<img src="${escapeHtml(brand.logoSrc)}" alt="" width="32" height="32">`;
  // The pages follow the system's scheme, as the browser's <picture> does.
  const logo =
    img === "" || !brand.logoDarkSrc
      ? img
      : `<picture><source media="(prefers-color-scheme: dark)" srcset="${escapeHtml(brand.logoDarkSrc)}">${img}</picture>`;
  const name = brand.name === "" ? "Home" : brand.name;
  return `<header class="site-header"><nav aria-label="Site">
<a class="site-name" href="/">${logo}<span>${escapeHtml(name)}</span></a>
<ul class="site-links"><li><a href="/">Back to the site</a></li>${audience === "members" ? `<li><a href="${CLIENT_AREA_PATH}">Client area</a></li>` : ""}</ul>
</nav></header>`;
}

/** A members' page with the frame filled in (pages without the mark are left alone). */
export function withSiteFrame(
  markup: string,
  brand: SiteBrand,
  audience: FrameFor = "members",
): string {
  return markup.replace(SITE_FRAME_MARK, () => siteFrame(brand, audience));
}
