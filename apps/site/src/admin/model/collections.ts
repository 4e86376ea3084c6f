/** The five collections the editor edits, the form each one gets, and the field limits. */

export type CollectionKind = "texts" | "services" | "clients";

export type CollectionId = "HomePage" | "About" | "Services" | "Clients" | "WhyWorkWithMe";

export type CollectionDef = {
  id: CollectionId;
  label: string;
  kind: CollectionKind;
  description: string;
};

export const EDITOR_COLLECTIONS: readonly CollectionDef[] = [
  {
    id: "HomePage",
    label: "Home",
    kind: "texts",
    description: "The headline at the top of the page and the line under it.",
  },
  { id: "About", label: "About me", kind: "texts", description: "The text of the About section." },
  {
    id: "Services",
    label: "Services",
    kind: "services",
    description: "One card per service: a title, a subtitle and the details shown when opened.",
  },
  {
    id: "Clients",
    label: "Ideal clients",
    kind: "clients",
    description: "The lines of the Ideal clients list, in the order shown.",
  },
  {
    id: "WhyWorkWithMe",
    label: "Why work with me",
    kind: "texts",
    description: "The text that opens the Why work with me section.",
  },
];

export function findCollection(id: string): CollectionDef | undefined {
  return EDITOR_COLLECTIONS.find((collection) => collection.id === id);
}

export type TextFieldDef = { label: string; multiline: boolean; max: number };

/** Labels and limits for the keys the page reads (`title_fld`). */
const TEXT_FIELDS: Record<string, TextFieldDef> = {
  MainTitle: { label: "Main title", multiline: false, max: 120 },
  SubTitle: { label: "Subtitle", multiline: true, max: 300 },
  About: { label: "About text", multiline: true, max: 3000 },
  WhyWorkWithMeText: { label: "Why work with me text", multiline: true, max: 3000 },
};

/** Keys the page does not know still get an editable text. */
export function textFieldFor(key: string): TextFieldDef {
  return TEXT_FIELDS[key] ?? { label: key || "Text", multiline: true, max: 3000 };
}

/** Text keys in the order the page shows them. */
export const TEXT_KEY_ORDER = Object.keys(TEXT_FIELDS);

export const LIMITS = {
  serviceTitle: 80,
  serviceSubtitle: 200,
  detailHeading: 80,
  detailText: 600,
  clientLine: 200,
} as const;
