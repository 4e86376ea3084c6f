/**
 * @module The settings form's fields (label, hint, limit) and their checks: web addresses,
 * e-mail, phone and lengths. Only the fields an item holds are checked; a missing one reads as
 * the site's default.
 */
import type { ItemData } from "../item-data.ts";
import type { TextSetting } from "../kinds/settings.ts";
import { checkField, type FieldErrors } from "./check.ts";

type Check = "email" | "phone" | "webAddress" | "siteAddress";

export type SettingFieldDef = {
  label: string;
  max: number;
  required: boolean;
  /** Completes "Enter …" when a required field is empty. */
  name: string;
  hint?: string;
  check?: Check;
  multiline?: boolean;
};

/** The text settings in the order the form shows them. */
export const SETTING_FIELDS: Record<TextSetting, SettingFieldDef> = {
  name: { label: "Your name", max: 80, required: true, name: "your name" },
  company: { label: "Company", max: 120, required: true, name: "the company name" },
  email: {
    label: "E-mail",
    max: 254,
    required: true,
    name: "an e-mail address",
    check: "email",
  },
  phone: {
    label: "Phone",
    max: 40,
    required: false,
    name: "a phone number",
    hint: "As visitors should read it, such as +1 555 0100",
    check: "phone",
  },
  profileUrl: {
    label: "Profile link",
    max: 2000,
    required: false,
    name: "a link",
    hint: "Your LinkedIn or other profile, such as https://www.linkedin.com/in/you",
    check: "webAddress",
  },
  profileLabel: { label: "Profile link text", max: 40, required: true, name: "the link text" },
  bookingUrl: {
    label: "Booking link",
    max: 2000,
    required: false,
    name: "a link",
    hint: "Your scheduler elsewhere (Calendly, Cal.com, any address), when the booking button leads to your link; empty there: no booking button",
    check: "webAddress",
  },
  title: {
    label: "Page title",
    max: 120,
    required: true,
    name: "the page title",
    hint: "Shown in search results and browser tabs",
  },
  description: {
    label: "Page description",
    max: 320,
    required: true,
    name: "a description",
    hint: "One or two sentences for search results and shared links",
    multiline: true,
  },
  siteUrl: {
    label: "Site address",
    max: 2000,
    required: false,
    name: "the address",
    hint: "The page's public address, such as https://www.example.com (for search engines and shared links)",
    check: "siteAddress",
  },
  shareImageUrl: {
    label: "Social preview image",
    max: 2000,
    required: false,
    name: "the picture's address",
    hint: "A picture's full address (1200 × 630 works best). Empty: the built-in card",
    check: "webAddress",
  },
};

// One @, no spaces, a dot in the domain: what a mail client needs, without RFC 5322's corners.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/;

/** An absolute http(s) address with a host. */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
  } catch {
    return false;
  }
}

const CHECKS: Record<Check, (value: string) => string | undefined> = {
  email: (value) =>
    EMAIL.test(value) ? undefined : "Enter an e-mail address, such as you@example.com",
  phone(value) {
    const digits = value.replace(/\D/g, "").length;
    return PHONE_CHARACTERS.test(value) && digits >= 5 && digits <= 15
      ? undefined
      : "Enter a phone number of 5 to 15 digits, such as +1 555 0100";
  },
  webAddress: (value) =>
    isWebAddress(value) ? undefined : "Enter a full web address starting with https://",
  siteAddress(value) {
    if (!isWebAddress(value)) return "Enter the page's address, such as https://www.example.com";
    const url = new URL(value);
    return url.search === "" && url.hash === "" ? undefined : "Leave out the part from ? or #";
  },
};

/** Messages by setting for the fields the item holds; empty when it can be saved. */
export function validateSettings(data: ItemData): FieldErrors {
  const errors: FieldErrors = {};
  for (const [key, field] of Object.entries(SETTING_FIELDS) as [TextSetting, SettingFieldDef][]) {
    if (!(key in data)) continue;
    const value = typeof data[key] === "string" ? data[key] : "";
    checkField(errors, key, value, field);
    const trimmed = value.trim();
    if (errors[key] === undefined && trimmed !== "" && field.check !== undefined) {
      const message = CHECKS[field.check](trimmed);
      if (message !== undefined) errors[key] = message;
    }
  }
  if ("showClientSignIn" in data && typeof data.showClientSignIn !== "boolean") {
    errors.showClientSignIn = "Choose whether to show the client sign-in link";
  }
  return errors;
}
