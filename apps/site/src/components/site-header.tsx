import type { PageSettings, Picture } from "@consultant/site-content";
import { useCallback, useRef, useState } from "react";
import { LinkedInIcon } from "./icons.tsx";
import { MobileMenu } from "./mobile-menu.tsx";
import type { NavItem } from "./nav-items.ts";
import { SiteLogo } from "./site-logo.tsx";
import { ThemeToggle } from "./theme-toggle.tsx";
import { buttonVariants } from "./ui/button.tsx";

/** Where clients sign in: the store's client area, which asks a signed-out visitor to sign in. */
export const CLIENT_SIGN_IN_PATH = "/members/client-area";

const NAV_LINK =
  "rounded-full px-3 py-2 text-sm font-medium whitespace-nowrap text-muted transition-colors hover:bg-accent-soft hover:text-accent-strong";

export interface SiteHeaderProps {
  settings: PageSettings;
  logo: Picture | null;
  /** The logo for the dark scheme, if the owner uploaded one. */
  logoDark?: Picture | null;
  /** The menu's links (the sections the page shows). */
  nav: readonly NavItem[];
}

export function SiteHeader({ settings, logo, logoDark = null, nav }: SiteHeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  return (
    <header
      ref={headerRef}
      className="fixed inset-x-0 top-0 z-50 h-16 border-b border-line/80 bg-paper/95 backdrop-blur-md supports-[backdrop-filter]:bg-paper/85"
    >
      <div className="mx-auto flex h-full max-w-6xl items-center justify-between gap-4 px-5 sm:px-8">
        <a href="#home" className="flex items-center gap-3 rounded-lg">
          {logo ? (
            <SiteLogo
              logo={logo}
              dark={logoDark}
              sizes="36px"
              height={36}
              alt=""
              className="h-9 w-auto"
            />
          ) : null}
          <span className="flex flex-col leading-tight">
            <span className="text-[0.95rem] font-semibold tracking-tight text-ink">
              {settings.name}
            </span>
            <span className="hidden text-xs text-muted min-[420px]:block">{settings.company}</span>
          </span>
        </a>

        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {nav.map((item) => (
              <li key={item.href}>
                <a href={item.href} data-text={item.key} className={NAV_LINK}>
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-2">
          {settings.showClientSignIn ? (
            <a href={CLIENT_SIGN_IN_PATH} className={NAV_LINK}>
              {/* Phones show "sign-in"; the link's name stays "Client sign-in" everywhere. */}
              <span className="max-sm:sr-only">Client </span>sign-in
            </a>
          ) : null}
          <ThemeToggle />
          {settings.profileUrl.trim() === "" ? null : (
            <a
              href={settings.profileUrl}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${settings.profileLabel} profile (opens in a new tab)`}
              className={buttonVariants({
                variant: "outline",
                size: "sm",
                className: "px-3 sm:px-4",
              })}
            >
              <LinkedInIcon className="text-brand-linkedin" />
              <span className="hidden sm:inline">{settings.profileLabel}</span>
            </a>
          )}
          <MobileMenu
            open={menuOpen}
            onOpenChange={setMenuOpen}
            onClose={closeMenu}
            items={nav}
            containerRef={headerRef}
          />
        </div>
      </div>
    </header>
  );
}
