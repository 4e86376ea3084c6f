/**
 * @module The first-run checklist: what a new owner sets up before sharing the site, each with
 * where it is done in the editor. Pure: the panel reads the facts, this says what is left.
 */
import {
  clientSignInChoice,
  type ItemData,
  isSampleStandIn,
  SETTINGS_ITEM_ID,
  selectPictures,
  selectSettings,
} from "@consultant/site-content";
import {
  ACCOUNT_SECTION,
  BOOKING_SECTION,
  TWO_FACTOR_TARGET,
} from "../editor/use-selected-section.ts";
import { fieldId } from "../forms/field-ids.ts";

/** A link to a setting's own field (`#SiteSettings/<its id>`), not the top of Site settings. */
const setting = (key: string) => `#SiteSettings/${fieldId("SiteSettings", SETTINGS_ITEM_ID, key)}`;

export type ChecklistFacts = {
  /** The owner is signed in, so a password is set; kept for a store that reports otherwise. */
  passwordSet: boolean;
  twoFactor: boolean;
  /** The owner gave their e-mail address (every notice and reset goes to it). */
  ownerEmailSet: boolean;
  /** The owner saved the booking hours (the sample's do not count). */
  bookingHoursSaved: boolean;
  settings: readonly ItemData[];
  pictures: readonly ItemData[];
  /** The client resources (the sample's Welcome pack among them until removed). */
  resources: readonly ItemData[];
};

/** The checklist item that removes the sample content in one step (a button, not a link). */
export const SAMPLE_ITEM_ID = "sample-content";

/** The sample's stand-ins still in the store, by collection. */
export function sampleLeft(facts: Pick<ChecklistFacts, "pictures" | "resources">) {
  return {
    Pictures: facts.pictures.filter((item) => isSampleStandIn("Pictures", item)),
    ClientResources: facts.resources.filter((item) => isSampleStandIn("ClientResources", item)),
  };
}

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
  const sample = sampleLeft(facts);
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
      href: `#${ACCOUNT_SECTION}/account-email`,
      done: facts.ownerEmailSet,
    },
    {
      id: "second-factor",
      label: "Turn on two-step verification",
      hint: "A code from an app on your phone, besides the password.",
      href: `#${ACCOUNT_SECTION}/${TWO_FACTOR_TARGET}`,
      done: facts.twoFactor,
    },
    {
      id: "site-address",
      label: "Give the site its address",
      hint: "The address in Site settings: links in your mails and on the page use it.",
      href: setting("siteUrl"),
      done: settings.siteUrl.trim() !== "",
    },
    {
      id: "pictures",
      label: "Add your portrait and logo",
      hint: "They show on the page and on your clients' pages.",
      href: "#Pictures/Pictures-portrait-heading",
      done: pictures.portrait !== null && pictures.logo !== null,
    },
    {
      id: "booking",
      label: "Set your booking hours",
      hint: "Your weekly hours and time zone in Booking: visitors book the free call within them. (A booking link in Site settings sends them to a scheduler of yours instead.)",
      href: `#${BOOKING_SECTION}`,
      done: facts.bookingHoursSaved || settings.bookingUrl.trim() !== "",
    },
    {
      id: "client-sign-in",
      label: "Show the client sign-in",
      hint: "The page's link for your clients (on by itself once you have a client).",
      href: setting("showClientSignIn"),
      done: clientSignInChoice(storedSettings(facts.settings)) !== "hidden",
    },
    {
      id: SAMPLE_ITEM_ID,
      label: "Remove the sample content",
      hint: "The invented client logos and the sample Welcome pack, in one step. The page's words stay as placeholders for yours.",
      href: "#Pictures/Pictures-logos-heading",
      done: sample.Pictures.length === 0 && sample.ClientResources.length === 0,
    },
  ];
}

function storedSettings(items: readonly ItemData[]): ItemData | undefined {
  return items.find((item) => item._id === SETTINGS_ITEM_ID) ?? items[0];
}

/** The localStorage key under which the owner dismissed the checklist. */
export const CHECKLIST_DISMISSED_KEY = "admin-checklist-dismissed";
