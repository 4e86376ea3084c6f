/**
 * @module The visitor's manage link: the booking page's manage path with the booking's action
 * token, on the site's public origin (PUBLIC_URL, else the address in Site settings; never a
 * request's Host: docs/security.md, "Reset-link poisoning").
 */

/** Where a visitor sees, moves or cancels their booking (the booking pages serve it). */
export const MANAGE_PAGE_PATH = "/book/manage";

export function manageLink(origin: string, token: string): string {
  return `${origin}${MANAGE_PAGE_PATH}?token=${encodeURIComponent(token)}`;
}
