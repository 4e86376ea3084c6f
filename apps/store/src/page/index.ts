/**
 * @module The page wing: the server-rendered site, its fast path and cache keys, the client sign-in link and the CDN purge webhook.
 * The other wings import this wing through this face only.
 */
export type { BookingPageRenderer } from "./booking-page-renderer.ts";
export { loadBookingPageRenderer } from "./booking-page-renderer.ts";
export type { ClientAreaFiles } from "./client-area/client-area-routes.ts";
export { clientAreaRoutes } from "./client-area/client-area-routes.ts";
export { clientPresence, withAutomaticSignIn } from "./client-sign-in.ts";
export type { LoadedSite } from "./load-site.ts";
export { assertSiteBuilt, loadSite } from "./load-site.ts";
export type { PageFastPath } from "./page-fast-path.ts";
export { createPageFastPath } from "./page-fast-path.ts";
export type { PurgeWebhook } from "./purge-webhook.ts";
export { registerPurgeWebhook } from "./purge-webhook.ts";
export { siteBrandSource } from "./site-brand.ts";
export { pageContentSecurityPolicy, readPageContent, sitePlugin } from "./site-plugin.ts";
