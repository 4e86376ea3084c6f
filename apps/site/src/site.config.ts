import type { SiteSettings } from "@consultant/site-content";

/**
 * Build-time defaults for the site's settings: seeded into the store on its first start and
 * used for any field a stored settings item lacks. The owner edits the live values in /admin.
 */
export const siteConfig: SiteSettings = {
  name: "Alex Sample",
  company: "Sample Consulting LLC",
  email: "hello@example.com",
  phone: "+1 555 0100",
  profileUrl: "https://www.linkedin.com/in/example",
  profileLabel: "LinkedIn",
  bookingUrl: "",
  title: "Alex Sample | Independent Business Consultant",
  description:
    "Alex Sample helps owner-led companies with strategy, operations and financial clarity. Book a free introductory call.",
  siteUrl: "",
  shareImageUrl: "",
  showClientSignIn: false,
};
