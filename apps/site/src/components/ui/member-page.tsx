import type { ReactNode } from "react";
import logo from "../../assets/logo.svg";
import { ThemeToggle } from "../theme-toggle.tsx";

/** The frame of a member page: a header back to the site, one main landmark with the title. */
export function MemberPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-line bg-surface">
        <div className="mx-auto flex h-16 max-w-3xl items-center justify-between gap-4 px-5 sm:px-8">
          <a href="/" className="flex items-center gap-3 rounded-lg text-sm font-semibold text-ink">
            <img src={logo} alt="" width={32} height={32} className="size-8" />
            Back to the site
          </a>
          <ThemeToggle />
        </div>
      </header>
      <main className="mx-auto w-full max-w-3xl flex-1 px-5 py-10 sm:px-8">
        <h1 className="font-serif text-3xl font-semibold tracking-tight [overflow-wrap:anywhere] text-ink">
          {title}
        </h1>
        <div className="mt-6">{children}</div>
      </main>
    </div>
  );
}
