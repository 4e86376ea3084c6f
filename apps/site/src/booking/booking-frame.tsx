import type { BookingPageWords } from "@consultant/site-content";
import type { BookingBrand } from "@consultant/site-content/wire";
import type { ReactNode } from "react";
import { ThemeToggle } from "../components/theme-toggle.tsx";

function BrandLogo({ brand }: { brand: BookingBrand }) {
  if (brand.logoSrc === null) return null;
  const img = <img src={brand.logoSrc} alt="" width={32} height={32} className="size-8" />;
  if (brand.logoDarkSrc === null) return img;
  return (
    <picture>
      <source media="(prefers-color-scheme: dark)" srcSet={brand.logoDarkSrc} />
      {img}
    </picture>
  );
}

/** The booking pages' frame: the site's logo and name back home, the theme, one main landmark. */
export function BookingFrame(props: {
  brand: BookingBrand;
  words: BookingPageWords;
  heading: string;
  children: ReactNode;
}) {
  const { brand, words, heading, children } = props;
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-line bg-surface">
        <div className="mx-auto flex h-16 max-w-3xl items-center justify-between gap-4 px-5 sm:px-8">
          <a href="/" className="flex min-w-0 items-center gap-3 rounded-lg font-semibold text-ink">
            <BrandLogo brand={brand} />
            <span className="truncate">{brand.name || words.BookBack}</span>
          </a>
          <ThemeToggle />
        </div>
      </header>
      <main className="mx-auto w-full max-w-3xl flex-1 px-5 py-8 sm:px-8 sm:py-12">
        <h1
          id="booking-heading"
          tabIndex={-1}
          className="font-serif text-3xl font-semibold tracking-tight [overflow-wrap:anywhere] text-ink sm:text-4xl"
        >
          {heading}
        </h1>
        <div className="mt-6 flex flex-col gap-8">{children}</div>
      </main>
      <footer className="border-t border-line">
        <div className="mx-auto max-w-3xl px-5 py-6 text-sm sm:px-8">
          <a href="/" className="font-semibold text-accent-strong underline underline-offset-4">
            {words.BookBack}
          </a>
        </div>
      </footer>
    </div>
  );
}
