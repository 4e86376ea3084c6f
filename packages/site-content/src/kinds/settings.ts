/**
 * @module `settings` items: one item (`_id` "site") of flat fields, the site's settings: who the
 * owner is, how to reach them, and how the page is found and shared. A field the item lacks
 * (or holds with the wrong type) reads as the site's build-time default.
 */
import { type ItemData, idOf, isRecord } from "../item-data.ts";

/** The id of the one settings item. */
export const SETTINGS_ITEM_ID = "site";

/** Every setting the owner edits in /admin; empty strings mean "not set". */
export interface SiteSettings {
  name: string;
  company: string;
  email: string;
  phone: string;
  /** The owner's profile (LinkedIn or any page about them). */
  profileUrl: string;
  profileLabel: string;
  /** The owner's scheduler, for the external choice of `bookingPage`. */
  bookingUrl: string;
  /**
   * Where the booking button leads: "builtIn" (the store's booking page, `/book`), "external"
   * (`bookingUrl`), or "" (not chosen: the built-in page, unless a site from before the choice
   * existed has a `bookingUrl`, which it keeps).
   */
  bookingPage: string;
  title: string;
  description: string;
  /** The public address of the page (canonical URL, sitemap); empty until the owner sets it. */
  siteUrl: string;
  /** The picture shown when the page is shared; empty for the built-in card. */
  shareImageUrl: string;
  /** Shows the link to the clients' sign-in in the footer. */
  showClientSignIn: boolean;
}

/** The settings only the server's head tags use (never needed by the page in the browser). */
export type HeadSetting = "title" | "description" | "siteUrl" | "shareImageUrl";

/** The settings the page shows. */
export type PageSettings = Omit<SiteSettings, HeadSetting>;

/** The settings that hold text. */
export type TextSetting = Exclude<
  { [K in keyof SiteSettings]: SiteSettings[K] extends string ? K : never }[keyof SiteSettings],
  "bookingPage"
>;

/** The store's own booking page (docs/bookings.md). */
export const BOOKING_PAGE_PATH = "/book";

/** The owner's choice of booking, as the settings form offers it. */
export type BookingPageChoice = "builtIn" | "external";

/** What the choice is, an unset one read as the note on `bookingPage` says. */
export function bookingChoice(settings: Pick<SiteSettings, "bookingPage" | "bookingUrl">) {
  if (settings.bookingPage === "builtIn" || settings.bookingPage === "external") {
    return settings.bookingPage;
  }
  return settings.bookingUrl.trim() === "" ? "builtIn" : "external";
}

/**
 * Where the booking button leads, or null for no button (the external choice without a link).
 * `external` says whether it leaves the site.
 */
export function bookingHref(
  settings: Pick<SiteSettings, "bookingPage" | "bookingUrl">,
): { href: string; external: boolean } | null {
  if (bookingChoice(settings) === "builtIn") return { href: BOOKING_PAGE_PATH, external: false };
  const url = settings.bookingUrl.trim();
  return url === "" ? null : { href: url, external: true };
}

/**
 * The settings from a stored item's data: each field of the right type is taken, anything
 * missing or malformed falls back to `defaults` (so a partly stored item still renders).
 */
export function readSettings<T extends Partial<SiteSettings>>(data: unknown, defaults: T): T {
  if (!isRecord(data)) return defaults;
  const settings: T = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof T & string)[]) {
    const value = data[key];
    if (typeof value === typeof defaults[key]) Object.assign(settings, { [key]: value });
  }
  return settings;
}

/** The settings of a collection's items: the "site" item, else the first, else the defaults. */
export function selectSettings<T extends Partial<SiteSettings>>(
  items: readonly ItemData[] | undefined,
  defaults: T,
): T {
  const item = items?.find((candidate) => idOf(candidate) === SETTINGS_ITEM_ID) ?? items?.[0];
  return readSettings(item, defaults);
}

/** The item with new settings; its other fields are kept. */
export function withSettings(data: ItemData, fields: Partial<SiteSettings>): ItemData {
  return { ...data, ...fields };
}

/**
 * The owner's choice for the header's client sign-in link: "automatic" while the item holds no
 * `showClientSignIn` (the page shows it once the owner has a client), else the stored choice.
 */
export type ClientSignInChoice = "automatic" | "shown" | "hidden";

export function clientSignInChoice(data: unknown): ClientSignInChoice {
  if (!isRecord(data) || typeof data.showClientSignIn !== "boolean") return "automatic";
  return data.showClientSignIn ? "shown" : "hidden";
}

/** The item with the choice applied: "automatic" leaves no `showClientSignIn` in it. */
export function withClientSignIn(data: ItemData, choice: ClientSignInChoice): ItemData {
  const { showClientSignIn: _dropped, ...rest } = data;
  return choice === "automatic" ? rest : { ...rest, showClientSignIn: choice === "shown" };
}

/** The site's address without a trailing slash, or undefined when it is not set. */
export function siteOrigin(settings: Pick<SiteSettings, "siteUrl">): string | undefined {
  const url = settings.siteUrl.trim().replace(/\/+$/, "");
  return url === "" ? undefined : url;
}
