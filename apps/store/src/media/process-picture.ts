/**
 * @module An uploaded file made into a picture the page can show: the format is read from the
 * bytes (never from the name or the Content-Type), an SVG is sanitized, a raster picture is
 * turned upright, stripped of its metadata and rendered by sharp at the slot's 1x and 2x widths
 * in AVIF, WebP and a PNG or JPEG fallback.
 */
import {
  fitInBox,
  PICTURE_LAYOUT,
  type PictureSlot,
  type PictureSource,
} from "@consultant/site-content";
import type { Metadata, Sharp, SharpOptions } from "sharp";
import { ApiError } from "../platform/errors.ts";
import type { MediaExtension, MediaFiles } from "./media-files.ts";
import { looksLikeSvg, sanitizeSvg, svgViewBoxPixels } from "./sanitize-svg.ts";

/** 8 MB: a phone photo fits, a raw camera file does not. */
export const MAX_PICTURE_BYTES = 8 * 1024 * 1024;
/** 40 megapixels decoded (about 160 MB of pixels): a bound on the memory one upload takes. */
export const MAX_PICTURE_PIXELS = 40_000_000;

type SharpFactory = (input: Uint8Array, options?: SharpOptions) => Sharp;

let loadedSharp: Promise<SharpFactory> | null = null;

/** sharp (and libvips, about 18 MB) is loaded on the first upload, not at the store's start. */
function loadSharp(): Promise<SharpFactory> {
  loadedSharp ??= import("sharp").then(({ default: sharp }) => {
    // libvips' operation cache would keep the last pictures' pixels in memory between uploads.
    sharp.cache(false);
    return sharp;
  });
  return loadedSharp;
}

const ACCEPTED = new Set(["png", "jpeg", "webp", "svg"]);

/** The fields a picture item gets from its files. */
export type PictureFiles = {
  src: string;
  srcset: string;
  sources: PictureSource[];
  width: number;
  height: number;
  format: string;
  /** A small SVG shown on arrival (portrait, logo) as a data URL: it paints with the HTML. */
  inline?: string;
};

/** SVGs up to this size are inlined for the slots on screen on arrival. */
const INLINE_SVG_BYTES = 4096;

type Intrinsic = { format: string; width: number; height: number; hasAlpha: boolean };

async function readIntrinsic(bytes: Uint8Array): Promise<Intrinsic> {
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    // The header only: nothing is decoded before the size is checked.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ApiError("PICTURE_UNREADABLE");
  }
  const format = metadata.format ?? "";
  if (!ACCEPTED.has(format)) throw new ApiError("PICTURE_TYPE_UNSUPPORTED", [format || "unknown"]);
  const { width, height } = metadata.autoOrient ?? metadata;
  if (!width || !height) throw new ApiError("PICTURE_UNREADABLE");
  // An SVG's declared size counts too: a browser paints it at that size.
  if (width * height > MAX_PICTURE_PIXELS) throw new ApiError("PICTURE_TOO_LARGE");
  return { format, width, height, hasAlpha: metadata.hasAlpha === true };
}

/** The widths to render: the slot's 1x and 2x, never above the original's width. */
function renderWidths(display: number, original: number): number[] {
  return [...new Set([display, display * 2].map((width) => Math.min(width, original)))];
}

async function storeSvg(bytes: Uint8Array, slot: PictureSlot, media: MediaFiles) {
  const clean = await sanitizeSvg(Buffer.from(bytes).toString("utf8"));
  if (clean === "") throw new ApiError("PICTURE_UNREADABLE");
  if (svgViewBoxPixels(clean) > MAX_PICTURE_PIXELS) throw new ApiError("PICTURE_TOO_LARGE");
  const cleanBytes = Buffer.from(clean, "utf8");
  // The cleaned file must still be an SVG an image library reads (and has a size).
  const intrinsic = await readIntrinsic(cleanBytes);
  const size = fitInBox(intrinsic, PICTURE_LAYOUT[slot].box);
  const inline = slot !== "client-logo" && cleanBytes.length <= INLINE_SVG_BYTES;
  return {
    src: media.write(cleanBytes, "svg"),
    srcset: "",
    sources: [],
    ...size,
    format: "svg",
    ...(inline ? { inline: svgDataUrl(clean) } : {}),
  } satisfies PictureFiles;
}

async function storeRaster(
  bytes: Uint8Array,
  intrinsic: Intrinsic,
  slot: PictureSlot,
  media: MediaFiles,
): Promise<PictureFiles> {
  const size = fitInBox(intrinsic, PICTURE_LAYOUT[slot].box);
  const widths = renderWidths(size.width, intrinsic.width);
  const fallback: { extension: MediaExtension; type: string } = intrinsic.hasAlpha
    ? { extension: "png", type: "image/png" }
    : { extension: "jpg", type: "image/jpeg" };
  const formats = [
    { extension: "avif", type: "image/avif" },
    { extension: "webp", type: "image/webp" },
    fallback,
  ] as const;
  const sharp = await loadSharp();
  const base = sharp(bytes, { limitInputPixels: MAX_PICTURE_PIXELS }).autoOrient();
  const srcsets = new Map<string, string[]>();
  for (const width of widths) {
    const resized = base.clone().resize({ width, withoutEnlargement: true });
    for (const { extension, type } of formats) {
      const encoded = await encode(resized.clone(), extension).toBuffer();
      const entries = srcsets.get(type) ?? [];
      entries.push(`${media.write(encoded, extension)} ${width}w`);
      srcsets.set(type, entries);
    }
  }
  const fallbackSet = srcsets.get(fallback.type) ?? [];
  return {
    src: fallbackSet[0]?.split(" ")[0] ?? "",
    srcset: fallbackSet.join(", "),
    sources: formats
      .filter(({ type }) => type !== fallback.type)
      .map(({ type }) => ({ type, srcset: (srcsets.get(type) ?? []).join(", ") })),
    ...size,
    format: intrinsic.format,
  };
}

function encode(image: Sharp, extension: MediaExtension): Sharp {
  switch (extension) {
    case "avif":
      return image.avif({ quality: 55, effort: 2 });
    case "webp":
      return image.webp({ quality: 78 });
    case "png":
      return image.png({ compressionLevel: 9, palette: true });
    default:
      return image.jpeg({ quality: 80, mozjpeg: true });
  }
}

/** A compact data URL: quotes as apostrophes, only the characters URLs forbid encoded. */
function svgDataUrl(svg: string): string {
  const compact = svg.replace(/>\s+</g, "><").replace(/\s+/g, " ");
  const quoted = compact.includes("'") ? compact : compact.replaceAll('"', "'");
  return `data:image/svg+xml,${quoted.replace(/[^ -~]|["%#<>{}|\\^`[\]]/gu, encodeURIComponent)}`;
}

/**
 * Stores the picture's files and returns the item fields naming them.
 * @throws ApiError PICTURE_UNREADABLE (not an image, or nothing left of an SVG),
 *   PICTURE_TYPE_UNSUPPORTED (GIF, TIFF, …), PICTURE_TOO_LARGE (above 40 megapixels).
 */
export async function storePicture(
  bytes: Uint8Array,
  slot: PictureSlot,
  media: MediaFiles,
): Promise<PictureFiles> {
  if (looksLikeSvg(bytes)) return storeSvg(bytes, slot, media);
  const intrinsic = await readIntrinsic(bytes);
  // An SVG is only taken through the sanitizer: sharp would read one hidden behind a byte-order mark.
  if (intrinsic.format === "svg") throw new ApiError("PICTURE_UNREADABLE");
  try {
    return await storeRaster(bytes, intrinsic, slot, media);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError("PICTURE_UNREADABLE");
  }
}
