import type { PageSettings, Picture } from "@consultant/site-content";
import { fillPlaceholders } from "../content/page-words.ts";
import { SiteLogo } from "./site-logo.tsx";

export interface SiteFooterProps {
  settings: PageSettings;
  logo: Picture | null;
  /** The logo for the dark scheme, if the owner uploaded one. */
  logoDark?: Picture | null;
  /** The stored footer line; `{year}`, `{name}` and `{company}` are filled in. */
  text: string;
}

export function SiteFooter({ settings, logo, logoDark = null, text }: SiteFooterProps) {
  const year = String(new Date().getFullYear());
  const { name, company } = settings;
  // The year is its own node: a page rendered last year and hydrated this year may differ there.
  const parts = text.split("{year}").map((part) => fillPlaceholders(part, { name, company }));
  return (
    <footer className="border-t border-line bg-surface">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-4 px-5 py-10 text-center sm:flex-row sm:justify-between sm:px-8 sm:text-left">
        {logo ? (
          <SiteLogo
            logo={logo}
            dark={logoDark}
            sizes="40px"
            height={40}
            loading="lazy"
            className="h-10 w-auto"
          />
        ) : null}
        <p className="text-sm text-muted">
          {parts.map((part, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
            <span key={index}>
              {index > 0 ? <span suppressHydrationWarning>{year}</span> : null}
              {part}
            </span>
          ))}
        </p>
      </div>
    </footer>
  );
}
