/** @module Checks the owner's settings before they are saved: addresses, e-mail, phone, lengths. */
import type { SiteSettings, TextSetting } from "./site-settings.ts";

/** A message per field that needs attention; empty when the settings can be saved. */
export type SettingsErrors = Partial<Record<TextSetting, string>>;

const LIMITS: Record<TextSetting, number> = {
  name: 80,
  company: 120,
  email: 254,
  phone: 40,
  profileUrl: 2000,
  profileLabel: 40,
  bookingUrl: 2000,
  title: 120,
  description: 320,
  siteUrl: 2000,
  shareImageUrl: 2000,
};

const REQUIRED: readonly TextSetting[] = ["name", "title", "description", "email"];

// One @, no spaces, a dot in the domain: what a mail client needs, without RFC 5322's corners.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/;

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
  } catch {
    return false;
  }
}

function checkPhone(value: string): string | undefined {
  const digits = value.replace(/\D/g, "").length;
  if (!PHONE_CHARACTERS.test(value) || digits < 5 || digits > 15) {
    return "Enter a phone number of 5 to 15 digits, e.g. +1 555 0100.";
  }
  return undefined;
}

function checkSiteUrl(value: string): string | undefined {
  if (!isWebUrl(value)) return "Enter the page's address, e.g. https://www.example.com.";
  const url = new URL(value);
  if (url.search !== "" || url.hash !== "") return "Leave out the part after ? or #.";
  return undefined;
}

function checkField(key: TextSetting, value: string): string | undefined {
  if (value.length > LIMITS[key]) return `Keep this to ${LIMITS[key]} characters or fewer.`;
  if (value.trim() === "") return REQUIRED.includes(key) ? "This is required." : undefined;
  switch (key) {
    case "email":
      return EMAIL.test(value.trim())
        ? undefined
        : "Enter an e-mail address, e.g. you@example.com.";
    case "phone":
      return checkPhone(value.trim());
    case "profileUrl":
    case "bookingUrl":
      return isWebUrl(value.trim()) ? undefined : "Enter a full address starting with https://.";
    case "shareImageUrl":
      return isWebUrl(value.trim()) ? undefined : "Enter the picture's full address (https://…).";
    case "siteUrl":
      return checkSiteUrl(value.trim());
    default:
      return undefined;
  }
}

/** Every problem with the settings, by field. */
export function validateSettings(settings: SiteSettings): SettingsErrors {
  const errors: SettingsErrors = {};
  for (const key of Object.keys(LIMITS) as TextSetting[]) {
    const message = checkField(key, settings[key]);
    if (message !== undefined) errors[key] = message;
  }
  return errors;
}
