/**
 * @module `pictures` items: the portrait, the logo and the client logos of the strip, uploaded by
 * the owner (the store writes them: `POST /admin/api/pictures`). Each item names its files under
 * `/media/` and the size the page reserves for it, so the layout never shifts.
 */
import { type ItemData, sortByOrder, text } from "../item-data.ts";

export const PICTURE_SLOTS = ["portrait", "logo", "logo-dark", "client-logo"] as const;

/**
 * Where a picture is shown: one portrait, one logo (and, optional, its variant for the dark
 * scheme, shown instead of it there), a list of client logos.
 */
export type PictureSlot = (typeof PICTURE_SLOTS)[number];

/** The item id of the single pictures (portrait, logos); client logos get fresh ids. */
export const SINGLE_PICTURE_IDS = {
  portrait: "portrait",
  logo: "logo",
  "logo-dark": "logo-dark",
} as const;

/**
 * The CSS box the page gives each slot at most (the picture fits in it): the store renders it
 * at 1x and 2x of the width it takes there.
 */
export const PICTURE_LAYOUT = {
  portrait: { box: { width: 480, height: 640 } },
  logo: { box: { width: 64, height: 64 } },
  "logo-dark": { box: { width: 64, height: 64 } },
  "client-logo": { box: { width: 224, height: 56 } },
} as const satisfies Record<PictureSlot, { box: { width: number; height: number } }>;

/** A set of files of one type (`image/avif`, `image/webp`) as a `srcset`. */
export type PictureSource = { type: string; srcset: string };

/** A picture as the page renders it. */
export type Picture = {
  id: string;
  slot: PictureSlot;
  alt: string;
  /** The fallback file (PNG, JPEG or SVG) every browser reads. */
  src: string;
  /** The fallback's own `srcset` (raster pictures), empty for SVG. */
  srcset: string;
  /** Modern formats, best first. */
  sources: PictureSource[];
  /** The size the page reserves (CSS pixels at the slot's box). */
  width: number;
  height: number;
  /** A small SVG as a data URL, shown instead of `src` so it paints with the HTML. */
  inline: string;
};

export type PagePictures = {
  portrait: Picture | null;
  logo: Picture | null;
  /** The logo for the dark scheme; null: the logo is shown in both. */
  logoDark: Picture | null;
  clientLogos: Picture[];
};

function isSlot(value: unknown): value is PictureSlot {
  return (PICTURE_SLOTS as readonly unknown[]).includes(value);
}

function positive(value: unknown): number {
  return typeof value === "number" && value > 0 ? value : 0;
}

/** The store's own files only (`/media/…`); anything else in `src` is no picture. */
const MEDIA_PATH = /^\/media\/[\w.-]+$/;

function readSources(value: unknown): PictureSource[] {
  return (Array.isArray(value) ? value : []).flatMap((entry: Partial<PictureSource> | null) =>
    typeof entry?.type === "string" && typeof entry.srcset === "string"
      ? [{ type: entry.type, srcset: entry.srcset }]
      : [],
  );
}

/**
 * An item's picture, or null when it lacks a slot, a file of the store or a size. The store
 * checks every field when it is written (the `pictures` adapter); this reads them.
 */
export function readPicture(data: ItemData, index = 0): Picture | null {
  const { slot } = data;
  const src = text(data.src);
  const width = positive(data.width);
  const height = positive(data.height);
  if (!isSlot(slot) || !MEDIA_PATH.test(src) || !width || !height) return null;
  return {
    id: text(data._id) || `picture-${index}`,
    slot,
    alt: text(data.alt).trim(),
    src,
    srcset: text(data.srcset),
    sources: readSources(data.sources),
    width,
    height,
    inline: text(data.inline).startsWith("data:image/svg+xml,") ? text(data.inline) : "",
  };
}

/** The item with new alt text. */
export function withPictureAlt(data: ItemData, alt: string): ItemData {
  return { ...data, alt };
}

/** The page's pictures: the portrait, the logo and the client logos in `order`. */
export function selectPictures(items: readonly ItemData[] | undefined): PagePictures {
  const pictures = sortByOrder(items ?? []).flatMap((item, index) => {
    const picture = readPicture(item, index);
    return picture ? [picture] : [];
  });
  return {
    portrait: pictures.find((picture) => picture.slot === "portrait") ?? null,
    logo: pictures.find((picture) => picture.slot === "logo") ?? null,
    logoDark: pictures.find((picture) => picture.slot === "logo-dark") ?? null,
    clientLogos: pictures.filter((picture) => picture.slot === "client-logo"),
  };
}

/** Width and height that fit `box` with the picture's aspect ratio. */
export function fitInBox(
  intrinsic: { width: number; height: number },
  box: { width: number; height: number },
): { width: number; height: number } {
  const scale = Math.min(box.width / intrinsic.width, box.height / intrinsic.height);
  return {
    width: Math.max(1, Math.round(intrinsic.width * scale)),
    height: Math.max(1, Math.round(intrinsic.height * scale)),
  };
}
