import type { Picture } from "@consultant/site-content";
import { INLINE_PICTURE_ATTRIBUTE } from "../content/embed-content.ts";

export interface SitePictureProps {
  picture: Picture;
  /** The `sizes` attribute: how wide the picture is shown. */
  sizes: string;
  /** Shown at this height (CSS pixels): width and height keep the picture's aspect ratio. */
  height?: number;
  /** Empty for a decorative use (the name beside it says it already). */
  alt?: string;
  className?: string;
  loading?: "lazy" | "eager";
  fetchPriority?: "high" | "low" | "auto";
}

/**
 * A picture from the store: modern formats first, the fallback's `srcset`, and always a width
 * and a height, so the space it takes is known before it arrives (no layout shift).
 */
export function SitePicture({
  picture,
  sizes,
  height,
  alt = picture.alt,
  className,
  loading,
  fetchPriority,
}: SitePictureProps) {
  const shownHeight = height ?? picture.height;
  const shownWidth = Math.max(1, Math.round((picture.width * shownHeight) / picture.height));
  const img = (
    <img
      src={picture.inline || picture.src}
      srcSet={picture.inline || picture.srcset === "" ? undefined : picture.srcset}
      sizes={picture.inline || picture.srcset === "" ? undefined : sizes}
      alt={alt}
      width={shownWidth}
      height={shownHeight}
      loading={loading}
      decoding={loading === "lazy" ? "async" : undefined}
      fetchPriority={fetchPriority}
      className={className}
      // The embedded content finds the data URL here instead of carrying it twice.
      {...(picture.inline ? { [INLINE_PICTURE_ATTRIBUTE]: picture.id } : {})}
    />
  );
  if (picture.inline || picture.sources.length === 0) return img;
  return (
    <picture>
      {picture.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
