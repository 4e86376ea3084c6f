import type { ReactNode } from "react";

/** The centred card around sign-in and setup. */
export function AuthScreen({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-10">
      <div className="w-full max-w-md rounded-2xl border border-line bg-surface p-6 shadow-xl sm:p-8">
        <p className="text-sm font-semibold uppercase tracking-wide text-accent">Site editor</p>
        <h1 className="mt-1 font-serif text-3xl font-semibold">{title}</h1>
        <div className="mt-6">{children}</div>
      </div>
    </main>
  );
}
