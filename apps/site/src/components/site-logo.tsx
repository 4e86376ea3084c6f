import type { Picture } from "@consultant/site-content";
import { SitePicture, type SitePictureProps } from "./site-picture.tsx";

export type SiteLogoProps = Omit<SitePictureProps, "picture"> & {
  logo: Picture;
  /** The owner's variant for the dark scheme: shown instead of `logo` there. */
  dark: Picture | null;
};

/**
 * The owner's logo, and its dark-scheme variant in the dark scheme (the visitor's choice with the
 * toggle, else the system's: `theme-dark.css`), so a dark wordmark never vanishes.
 */
export function SiteLogo({ logo, dark, ...shown }: SiteLogoProps) {
  if (dark === null) return <SitePicture picture={logo} {...shown} />;
  return (
    <>
      <span className="logo-for-light">
        <SitePicture picture={logo} {...shown} />
      </span>
      <span className="logo-for-dark">
        <SitePicture picture={dark} {...shown} />
      </span>
    </>
  );
}
