import type { PageSettings } from "@consultant/site-content";
import { SITE_IMAGES } from "../assets/brand-images.ts";

export function SiteFooter({ settings }: { settings: PageSettings }) {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-line bg-surface">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-4 px-5 py-10 text-center sm:flex-row sm:justify-between sm:px-8 sm:text-left">
        <img
          src={SITE_IMAGES.logo.url}
          alt={`${settings.company} logo`}
          width={40}
          height={40}
          className="size-10"
        />
        <p className="text-sm text-muted">
          © <span suppressHydrationWarning>{year}</span> {settings.name}, {settings.company}. All
          rights reserved.
        </p>
      </div>
    </footer>
  );
}
