import type { PageSettings, SiteSettings } from "@consultant/site-content";

/**
 * Build-time defaults of what the page shows, for the first start: any field the stored
 * settings item lacks reads as this. The owner edits the live values in /admin (Site settings).
 * Kept apart from the head's defaults so the browser bundle carries only these.
 */
export const pageDefaults: PageSettings = {
  name: "Alex Sample",
  company: "Sample Consulting LLC",
  email: "hello@example.com",
  phone: "+1 555 0100",
  profileUrl: "https://www.linkedin.com/in/example",
  profileLabel: "LinkedIn",
  bookingUrl: "",
  bookingPage: "",
  showClientSignIn: false,
};

/** Every setting's default, the head's (title, description, addresses) included. */
export const siteConfig: SiteSettings = {
  ...pageDefaults,
  title: "Alex Sample | Independent Business Consultant",
  description:
    "Alex Sample helps owner-led companies with strategy, operations and financial clarity. Book a free introductory call.",
  siteUrl: "",
  shareImageUrl: "",
};
