/** @module The site's settings: who the owner is, how to reach them, and how the page is found. */

/** Every setting the owner edits in /admin; empty strings mean "not set". */
export interface SiteSettings {
  name: string;
  company: string;
  email: string;
  phone: string;
  /** The owner's profile (LinkedIn or any page about them). */
  profileUrl: string;
  profileLabel: string;
  /** The owner's scheduler; when set, the page offers "Book a free introductory call". */
  bookingUrl: string;
  title: string;
  description: string;
  /** The public address of the page (canonical URL, sitemap); empty until the owner sets it. */
  siteUrl: string;
  /** The picture shown when the page is shared; empty for the built-in card. */
  shareImageUrl: string;
  /** Shows the link to the clients' sign-in in the footer. */
  showClientSignIn: boolean;
}

export type TextSetting = {
  [K in keyof SiteSettings]: SiteSettings[K] extends string ? K : never;
}[keyof SiteSettings];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The settings from a stored item's data: each field of the right type is taken, anything
 * missing or malformed falls back to `defaults` (so a partly edited item still renders).
 */
export function decodeSettings(data: unknown, defaults: SiteSettings): SiteSettings {
  if (!isRecord(data)) return defaults;
  const settings: SiteSettings = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof SiteSettings)[]) {
    const value = data[key];
    if (typeof value === typeof defaults[key]) Object.assign(settings, { [key]: value });
  }
  return settings;
}

/** The site's address without a trailing slash, or undefined when it is not set. */
export function siteOrigin(settings: Pick<SiteSettings, "siteUrl">): string | undefined {
  const url = settings.siteUrl.trim().replace(/\/+$/, "");
  return url === "" ? undefined : url;
}

/** `tel:` link for a phone number as written (spaces and punctuation dropped). */
export function toTelHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}
