/** @module What the editor calls each collection and text, and the field limits. */
import {
  type AnyTextKey,
  COLLECTION_NAMES,
  COLLECTIONS,
  type CollectionName,
} from "../collections.ts";

export type CollectionLabels = { label: string; description: string };

/** The editor's name and one-line description of every collection. */
export const COLLECTION_LABELS: Record<CollectionName, CollectionLabels> = {
  HomePage: {
    label: "Home",
    description: "The headline at the top of the page and the line under it.",
  },
  About: { label: "About me", description: "The text of the About section." },
  Services: {
    label: "Services",
    description: "One card per service: a title, a subtitle and the details shown when opened.",
  },
  Clients: {
    label: "Ideal clients",
    description: "The lines of the Ideal clients list, in the order shown.",
  },
  WhyWorkWithMe: {
    label: "Why work with me",
    description: "The text that opens the Why work with me section.",
  },
  SiteSettings: {
    label: "Site settings",
    description:
      "Your name and contact details, the booking link, and how the page shows in search results and shared links.",
  },
  Pictures: {
    label: "Pictures",
    description:
      "Your portrait, your logo and the client logos of the strip: PNG, JPEG, WebP or SVG, each with a text for visitors who cannot see it.",
  },
  ClientResources: {
    label: "Client resources",
    description:
      "Links and notes for your clients. Not shown on the public page; each can name the member it is shared with.",
  },
};

export type TextFieldDef = { label: string; multiline: boolean; max: number };

/** Labels and limits for the keys the page reads (`title_fld`). */
const TEXT_FIELDS: Record<AnyTextKey, TextFieldDef> = {
  MainTitle: { label: "Main title", multiline: false, max: 120 },
  SubTitle: { label: "Subtitle", multiline: true, max: 300 },
  About: { label: "About text", multiline: true, max: 3000 },
  WhyWorkWithMeText: { label: "Why work with me text", multiline: true, max: 3000 },
};

/** Keys the page does not know still get an editable text. */
export function textFieldFor(key: string): TextFieldDef {
  return (
    (TEXT_FIELDS as Record<string, TextFieldDef | undefined>)[key] ?? {
      label: key || "Text",
      multiline: true,
      max: 3000,
    }
  );
}

/** Every text key in the order the page shows them. */
export const TEXT_KEY_ORDER: readonly string[] = COLLECTION_NAMES.flatMap((name) => {
  const spec = COLLECTIONS[name];
  return "textKeys" in spec ? spec.textKeys : [];
});

export const LIMITS = {
  serviceTitle: 80,
  serviceSubtitle: 200,
  detailHeading: 80,
  detailText: 600,
  clientLine: 200,
  resourceTitle: 120,
  resourceText: 2000,
  resourceUrl: 2000,
  memberId: 128,
  pictureAlt: 300,
} as const;
