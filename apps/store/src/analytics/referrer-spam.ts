/**
 * @module Referrer spam: hosts that send fake visits so their name shows among an owner's
 * sources. The well-known senders of the community-kept list Matomo publishes
 * (referrer-spam-list, public domain), by registrable domain; a subdomain matches its parent.
 * No package of the list could be added here (docs/analytics.md, "Referrer spam").
 */
const SPAM_DOMAINS = new Set([
  "4webmasters.org",
  "best-seo-offer.com",
  "best-seo-solution.com",
  "blackhatworth.com",
  "buttons-for-website.com",
  "buttons-for-your-website.com",
  "darodar.com",
  "econom.co",
  "event-tracking.com",
  "free-floating-buttons.com",
  "free-share-buttons.com",
  "free-social-buttons.com",
  "get-free-traffic-now.com",
  "googlsucks.com",
  "hulfingtonpost.com",
  "humanorightswatch.org",
  "ilovevitaly.com",
  "ilovevitaly.ru",
  "o-o-6-o-o.com",
  "o-o-8-o-o.com",
  "priceg.com",
  "rank-checker.online",
  "semalt.com",
  "simple-share-buttons.com",
  "social-buttons.com",
  "success-seo.com",
  "trafficmonetize.org",
  "video--production.com",
  "webmonetizer.net",
  "website-analyzer.info",
  "youporn-forum.ga",
]);

/** True when `host` (lower case) is a listed spam domain or under one. */
export function isSpamHost(host: string): boolean {
  let rest = host;
  for (;;) {
    if (SPAM_DOMAINS.has(rest)) return true;
    const dot = rest.indexOf(".");
    if (dot < 0) return false;
    rest = rest.slice(dot + 1);
  }
}
