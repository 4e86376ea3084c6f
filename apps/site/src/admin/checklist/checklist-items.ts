/**
 * @module The first-run checklist: what a new owner sets up before sharing the site, each with
 * where it is done in the editor. Pure: the panel reads the facts, this says what is left.
 */
import {
  clientSignInChoice,
  type ItemData,
  SETTINGS_ITEM_ID,
  selectPictures,
  selectSettings,
} from "@consultant/site-content";
import { ACCOUNT_SECTION } from "../editor/use-selected-section.ts";

export type ChecklistFacts = {
  /** The owner is signed in, so a password is set; kept for a store that reports otherwise. */
  passwordSet: boolean;
  twoFactor: boolean;
  /** The owner gave their e-mail address (every notice and reset goes to it). */
  ownerEmailSet: boolean;
  settings: readonly ItemData[];
  pictures: readonly ItemData[];
};

export type ChecklistItem = {
  id: string;
  label: string;
  hint: string;
  href: string;
  done: boolean;
};

export function checklistItems(facts: ChecklistFacts): ChecklistItem[] {
  const settings = selectSettings(facts.settings, {
    bookingUrl: "",
    siteUrl: "",
  });
  const pictures = selectPictures(facts.pictures);
  return [
    {
      id: "password",
      label: "Set your password",
      hint: "You chose it when you first opened the editor.",
      href: `#${ACCOUNT_SECTION}`,
      done: facts.passwordSet,
    },
    {
      id: "owner-email",
      label: "Give your e-mail address",
      hint: "Clients' uploads, sign-ups, contact messages and password resets are mailed to it.",
      href: `#${ACCOUNT_SECTION}`,
      done: facts.ownerEmailSet,
    },
    {
      id: "second-factor",
      label: "Turn on two-step verification",
      hint: "A code from an app on your phone, besides the password.",
      href: `#${ACCOUNT_SECTION}`,
      done: facts.twoFactor,
    },
    {
      id: "site-address",
      label: "Give the site its address",
      hint: "The address in Site settings: links in your mails and on the page use it.",
      href: "#SiteSettings",
      done: settings.siteUrl.trim() !== "",
    },
    {
      id: "pictures",
      label: "Add your portrait and logo",
      hint: "They show on the page and on your clients' pages.",
      href: "#Pictures",
      done: pictures.portrait !== null && pictures.logo !== null,
    },
    {
      id: "booking",
      label: "Add your booking link",
      hint: "Visitors and clients book a call through it.",
      href: "#SiteSettings",
      done: settings.bookingUrl.trim() !== "",
    },
    {
      id: "client-sign-in",
      label: "Show the client sign-in",
      hint: "The page's link for your clients (on by itself once you have a client).",
      href: "#SiteSettings",
      done: clientSignInChoice(storedSettings(facts.settings)) !== "hidden",
    },
  ];
}

function storedSettings(items: readonly ItemData[]): ItemData | undefined {
  return items.find((item) => item._id === SETTINGS_ITEM_ID) ?? items[0];
}

/** The localStorage key under which the owner dismissed the checklist. */
export const CHECKLIST_DISMISSED_KEY = "admin-checklist-dismissed";
