import type { ComponentProps } from "react";
import { describedBy, FieldFrame } from "./field-frame.tsx";

/** A form field's name gives its id; a field outside a form gives its id alone. */
type Naming = { name: string; id?: string } | { id: string; name?: undefined };

type TextFieldProps = Omit<ComponentProps<"input">, "id" | "name"> &
  Naming & {
    label: string;
    /** An error about this field, read with it by screen readers. */
    error?: string;
    hint?: string;
  };

/** The id of the input named `name`. */
export function fieldIdOf(name: string): string {
  return `field-${name}`;
}

/** A labelled input; its hint and error are tied to it with `aria-describedby`. */
export function TextField({ name, id: ownId, label, error, hint, ...input }: TextFieldProps) {
  const id = ownId ?? fieldIdOf(name ?? "");
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className="h-11 rounded-lg border border-line-strong bg-surface px-3 text-base text-ink aria-invalid:border-danger"
        {...input}
      />
    </FieldFrame>
  );
}
