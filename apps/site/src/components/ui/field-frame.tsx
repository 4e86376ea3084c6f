import type { ReactNode } from "react";

/** What an input's `aria-describedby` names: its hint and its error, when there are any. */
export function describedBy(id: string, hint?: string, error?: string): string | undefined {
  const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean);
  return described.length > 0 ? described.join(" ") : undefined;
}

/** A field's label, its input (`children`), then its hint and error, with the ids the input names. */
export function FieldFrame(props: {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  children: ReactNode;
}) {
  const { id, label, hint, error, children } = props;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-semibold text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
