/**
 * @module Every picture the page shows or announces, with its intrinsic size, in one place (so
 * that pictures can later come from the store without touching the sections). Client logos of
 * the strip are listed in sections/client-logos.ts.
 */

// Inlined as data URLs (0.3 and 1.5 KB): both are on screen on arrival and the portrait is the
// largest element there, so they paint with the HTML instead of waiting for requests of their own.
import logoUrl from "./logo.svg?inline";
import portraitUrl from "./portrait.svg?inline";
import { SHARE_CARD } from "./share-card.ts";

/** A picture's address and intrinsic size (width and height keep layout shift at 0). */
export interface SiteImage {
  url: string;
  width: number;
  height: number;
}

export const SITE_IMAGES = {
  logo: { url: logoUrl, width: 64, height: 64 },
  portrait: { url: portraitUrl, width: 480, height: 560 },
  shareCard: SHARE_CARD,
} as const satisfies Record<string, SiteImage>;
