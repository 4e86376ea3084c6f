import type { ReactNode } from "react";

/** A message that screen readers announce when it appears: a polite status, or an alert. */
export function Notice({ tone, children }: { tone: "info" | "error"; children: ReactNode }) {
  return tone === "error" ? (
    <p
      role="alert"
      className="rounded-lg bg-danger-soft px-4 py-3 text-sm font-semibold text-danger"
    >
      {children}
    </p>
  ) : (
    <p role="status" className="rounded-lg bg-accent-soft px-4 py-3 text-sm text-ink">
      {children}
    </p>
  );
}
