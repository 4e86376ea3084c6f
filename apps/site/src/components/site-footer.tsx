import type { PageSettings, Picture } from "@consultant/site-content";
import { SitePicture } from "./site-picture.tsx";

export function SiteFooter({ settings, logo }: { settings: PageSettings; logo: Picture | null }) {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-line bg-surface">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-4 px-5 py-10 text-center sm:flex-row sm:justify-between sm:px-8 sm:text-left">
        {logo ? (
          <SitePicture
            picture={logo}
            sizes="40px"
            height={40}
            loading="lazy"
            className="h-10 w-auto"
          />
        ) : null}
        <p className="text-sm text-muted">
          © <span suppressHydrationWarning>{year}</span> {settings.name}, {settings.company}. All
          rights reserved.
        </p>
      </div>
    </footer>
  );
}
