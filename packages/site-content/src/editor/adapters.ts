/**
 * @module One adapter per kind: everything the editor does that depends on an item's shape.
 * `KIND_ADAPTERS` is a `Record<Kind, KindAdapter>`, so a new kind without one does not compile.
 */
import { COLLECTIONS, type CollectionName, type Kind } from "../collections.ts";
import { type ItemData, isRecord, sortByOrder, text } from "../item-data.ts";
import { readClientLine } from "../kinds/clients.ts";
import { PICTURE_SLOTS } from "../kinds/pictures.ts";
import { readResource } from "../kinds/resources.ts";
import { readService } from "../kinds/services.ts";
import { SETTINGS_ITEM_ID } from "../kinds/settings.ts";
import { readTextItem } from "../kinds/texts.ts";
import { checkField, type FieldErrors } from "./check.ts";
import { LIMITS, TEXT_KEY_ORDER, textFieldFor } from "./labels.ts";
import { validateSettings } from "./settings-rules.ts";

export type KindAdapter = {
  /**
   * The items are a list the owner adds to, removes from and reorders (saved as each item's
   * `order`); otherwise they are fixed (one per text key).
   */
  list: boolean;
  /** Stored items in the order the editor shows them. */
  sort(items: readonly ItemData[]): ItemData[];
  /** The data of an item the owner adds. */
  empty(): ItemData;
  /** Messages by field path; empty when the item can be saved. */
  validate(data: ItemData): FieldErrors;
  /** The item's text in one line, for lists (not shortened). */
  line(data: ItemData): string;
  /** The item's name in headings and sentences ("Main title", "“Growth”"). */
  name(data: ItemData): string;
};

const quoted = (value: string, fallback: string) => `“${value.trim() || fallback}”`;

function textKeyRank(data: ItemData): number {
  const index = TEXT_KEY_ORDER.indexOf(text(data.title_fld));
  return index === -1 ? TEXT_KEY_ORDER.length : index;
}

const texts: KindAdapter = {
  list: false,
  sort: (items) => [...items].sort((a, b) => textKeyRank(a) - textKeyRank(b)),
  empty: () => ({ title_fld: "", data: "" }),
  validate(data) {
    const errors: FieldErrors = {};
    const item = readTextItem(data);
    const field = textFieldFor(item.key);
    checkField(errors, "data", item.text, {
      required: true,
      max: field.max,
      name: `the ${field.label.toLowerCase()}`,
    });
    return errors;
  },
  line: (data) => readTextItem(data).text,
  name: (data) => textFieldFor(readTextItem(data).key).label,
};

const services: KindAdapter = {
  list: true,
  sort: sortByOrder,
  empty: () => ({ itemData: { title: "", subtitle: "", details: [{ heading: "", text: "" }] } }),
  validate(data) {
    const errors: FieldErrors = {};
    const service = readService(data);
    checkField(errors, "title", service.title, {
      required: true,
      max: LIMITS.serviceTitle,
      name: "a title",
    });
    checkField(errors, "subtitle", service.subtitle, {
      required: false,
      max: LIMITS.serviceSubtitle,
      name: "a subtitle",
    });
    service.details.forEach((detail, index) => {
      checkField(errors, `details.${index}.heading`, detail.heading, {
        required: true,
        max: LIMITS.detailHeading,
        name: "a heading, or remove this detail",
      });
      checkField(errors, `details.${index}.text`, detail.text, {
        required: true,
        max: LIMITS.detailText,
        name: "the text, or remove this detail",
      });
    });
    return errors;
  },
  line(data) {
    const service = readService(data);
    return [service.title, service.subtitle].filter(Boolean).join(" — ");
  },
  name: (data) => quoted(readService(data).title, "untitled service"),
};

const clients: KindAdapter = {
  list: true,
  sort: sortByOrder,
  empty: () => ({ itemData: "" }),
  validate(data) {
    const errors: FieldErrors = {};
    checkField(errors, "itemData", readClientLine(data), {
      required: true,
      max: LIMITS.clientLine,
      name: "the line, or remove it",
    });
    return errors;
  },
  line: readClientLine,
  name: (data) => quoted(readClientLine(data), "empty line"),
};

/** An absolute http(s) address. */
function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

const resources: KindAdapter = {
  list: true,
  sort: sortByOrder,
  empty: () => ({ title: "", text: "", url: "" }),
  validate(data) {
    const errors: FieldErrors = {};
    const resource = readResource(data);
    checkField(errors, "title", resource.title, {
      required: true,
      max: LIMITS.resourceTitle,
      name: "a title",
    });
    checkField(errors, "text", resource.text, {
      required: false,
      max: LIMITS.resourceText,
      name: "a text",
    });
    checkField(errors, "url", resource.url, {
      required: false,
      max: LIMITS.resourceUrl,
      name: "a link",
    });
    if (!errors.url && resource.url.trim() !== "" && !isWebAddress(resource.url.trim())) {
      errors.url = "Enter a full web address starting with https://";
    }
    checkField(errors, "memberId", resource.memberId, {
      required: false,
      max: LIMITS.memberId,
      name: "a member id",
    });
    if (!errors.memberId && /\s/.test(resource.memberId.trim())) {
      errors.memberId = "A member id has no spaces";
    }
    return errors;
  },
  line(data) {
    const resource = readResource(data);
    return [resource.title, resource.url].filter(Boolean).join(" — ");
  },
  name: (data) => quoted(readResource(data).title, "untitled resource"),
};

const settings: KindAdapter = {
  list: false,
  sort: (items) => [...items],
  // Fields it lacks read as the site's defaults (the form fills them in on the first change).
  empty: () => ({ _id: SETTINGS_ITEM_ID }),
  validate: validateSettings,
  line: (data) => [text(data.name), text(data.title)].filter(Boolean).join(" — "),
  name: () => "Site settings",
};

const MEDIA_FILE = String.raw`/media/[0-9a-f]{20}\.(?:avif|webp|png|jpg|svg)`;
const MEDIA_SRCSET = new RegExp(String.raw`^${MEDIA_FILE} \d+w(?:, ${MEDIA_FILE} \d+w)*$`);

/**
 * The fields the upload writes: the slot, the store's own files (never another site's) and a
 * positive size. An item written through the data-items API is held to the same.
 */
function pictureFileErrors(data: ItemData): FieldErrors {
  const errors: FieldErrors = {};
  if (!(PICTURE_SLOTS as readonly unknown[]).includes(data.slot)) {
    errors.slot = `Choose one of ${PICTURE_SLOTS.join(", ")}`;
  }
  if (!new RegExp(`^${MEDIA_FILE}$`).test(text(data.src))) {
    errors.src = "Upload the picture: its file must be one of the store's (/media/…)";
  }
  if (data.srcset !== undefined && data.srcset !== "" && !MEDIA_SRCSET.test(text(data.srcset))) {
    errors.srcset = "Must list the store's files with their widths";
  }
  const sources = data.sources;
  if (
    sources !== undefined &&
    (!Array.isArray(sources) ||
      !sources.every(
        (source) =>
          isRecord(source) &&
          /^image\/(?:avif|webp)$/.test(text(source.type)) &&
          MEDIA_SRCSET.test(text(source.srcset)),
      ))
  ) {
    errors.sources = "Must list AVIF or WebP files of the store with their widths";
  }
  for (const field of ["width", "height"]) {
    const value = data[field];
    if (typeof value !== "number" || !Number.isInteger(value) || value < 1 || value > 10_000) {
      errors[field] = "Must be a whole number of pixels";
    }
  }
  if (data.inline !== undefined && !/^data:image\/svg\+xml,[^"]*$/.test(text(data.inline))) {
    errors.inline = "Must be an SVG data URL";
  }
  return errors;
}

function slotRank(data: ItemData): number {
  const index = (PICTURE_SLOTS as readonly unknown[]).indexOf(data.slot);
  return index === -1 ? PICTURE_SLOTS.length : index;
}

const SLOT_NAMES: Record<string, string> = {
  portrait: "Portrait",
  logo: "Logo",
  "logo-dark": "Logo for the dark scheme",
  "client-logo": "Client logo",
};

const pictures: KindAdapter = {
  list: true,
  // Portrait, logo, then the client logos in their order.
  sort: (items) => sortByOrder(items).sort((a, b) => slotRank(a) - slotRank(b)),
  // Pictures are added by uploading a file, never as an empty row.
  empty: () => ({ slot: "client-logo", alt: "" }),
  validate(data) {
    const errors: FieldErrors = {};
    checkField(errors, "alt", text(data.alt), {
      required: true,
      max: LIMITS.pictureAlt,
      name: "a text describing the picture",
    });
    Object.assign(errors, pictureFileErrors(data));
    return errors;
  },
  line: (data) => [SLOT_NAMES[text(data.slot)] ?? "Picture", text(data.alt)].join(": "),
  name: (data) => quoted(text(data.alt), SLOT_NAMES[text(data.slot)] ?? "picture"),
};

/** Every kind's adapter. */
export const KIND_ADAPTERS: Record<Kind, KindAdapter> = {
  texts,
  services,
  clients,
  resources,
  settings,
  pictures,
};

/** The adapter of a collection's kind. */
export function adapterOf(collection: CollectionName): KindAdapter {
  return KIND_ADAPTERS[COLLECTIONS[collection].kind];
}

/** An item in one line of at most 140 characters, for lists; "(empty)" when it says nothing. */
export function summarize(kind: Kind, data: ItemData): string {
  const line = KIND_ADAPTERS[kind].line(data).replace(/\s+/g, " ").trim();
  return line.length > 140 ? `${line.slice(0, 139)}…` : line || "(empty)";
}
