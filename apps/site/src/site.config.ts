export interface SiteConfig {
  name: string;
  company: string;
  email: string;
  phone: string;
  profileUrl: string;
  profileLabel: string;
  title: string;
  description: string;
}

export const siteConfig: SiteConfig = {
  name: "Alex Sample",
  company: "Sample Consulting LLC",
  email: "hello@example.com",
  phone: "+1 555 0100",
  profileUrl: "https://www.linkedin.com/in/example",
  profileLabel: "LinkedIn",
  title: "Alex Sample | Independent Business Consultant",
  description:
    "Alex Sample helps owner-led companies with strategy, operations and financial clarity. Book a free introductory call.",
};
