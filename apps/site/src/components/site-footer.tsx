import type { PageSettings } from "@consultant/site-content";
import { SITE_IMAGES } from "../assets/brand-images.ts";

/** Where clients sign in (the members area). */
export const CLIENT_SIGN_IN_PATH = "/members/";

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
        {settings.showClientSignIn ? (
          <a
            href={CLIENT_SIGN_IN_PATH}
            className="rounded-full text-sm font-semibold text-accent underline-offset-4 hover:underline"
          >
            Client sign-in
          </a>
        ) : null}
      </div>
    </footer>
  );
}
