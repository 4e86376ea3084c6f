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
  /** The site's public e-mail (Site settings), to write to where a page cannot help. */
  email?: string;
};

/** Who the page is for: the contact form's pages are visitors', so they lead only home. */
export type FrameFor = "members" | "visitors";

/** The frame's header markup. */
export function siteFrame(brand: SiteBrand, audience: FrameFor = "members"): string {
  const img = (src: string, scheme = "") =>
    `<img src="${escapeHtml(src)}"${scheme} alt="" width="32" height="32">`;
  // Both logos when there is a dark one: the stylesheet shows the one of the page's scheme, the
  // visitor's choice on the site (html[data-theme]) or else the system's (assets.ts).
  const logo =
    brand.logoSrc === null
      ? ""
      : !brand.logoDarkSrc
        ? img(brand.logoSrc)
        : img(brand.logoSrc, ' class="logo-light"') + img(brand.logoDarkSrc, ' class="logo-dark"');
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
