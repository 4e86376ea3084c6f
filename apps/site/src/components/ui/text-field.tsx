import type { ComponentProps } from "react";

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
  const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
      </label>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={described.length > 0 ? described.join(" ") : undefined}
        className="h-11 rounded-lg border border-line-strong bg-surface px-3 text-base text-ink aria-invalid:border-danger"
        {...input}
      />
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
