import { type FormEvent, type ReactNode, useState } from "react";
import { Button } from "./button.tsx";

type MemberFormProps = {
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  /** Runs with the form's fields; the button is disabled meanwhile. */
  onSubmit: (fields: FormData) => Promise<void>;
  children: ReactNode;
};

/** A form whose submit runs once at a time and never reloads the page. */
export function MemberForm({ label, submitLabel, onSubmit, children }: MemberFormProps) {
  const [busy, setBusy] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    onSubmit(new FormData(event.currentTarget)).finally(() => setBusy(false));
  };
  return (
    <form aria-label={label} className="flex flex-col gap-5" onSubmit={submit} noValidate>
      {children}
      <div>
        <Button type="submit" disabled={busy} aria-disabled={busy}>
          {busy ? "Please wait…" : submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** A text field of a submitted form. */
export function fieldOf(fields: FormData, name: string): string {
  const value = fields.get(name);
  return typeof value === "string" ? value : "";
}
