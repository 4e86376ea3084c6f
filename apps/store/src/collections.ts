/** @module The collections the site reads; seeded on first start and rendered server-side. */
export const SITE_COLLECTIONS = [
  "HomePage",
  "About",
  "Services",
  "Clients",
  "WhyWorkWithMe",
] as const;

export type SiteCollection = (typeof SITE_COLLECTIONS)[number];
