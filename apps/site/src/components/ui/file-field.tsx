import type { ComponentProps, Ref } from "react";

type FileFieldProps = Omit<ComponentProps<"input">, "id" | "type" | "ref"> & {
  id: string;
  label: string;
  /** What may be chosen, read with the field by screen readers. */
  hint?: string;
  error?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
};

/** The kit's file picker: a labelled input whose button wears the kit's outline button. */
export function FileField({ id, label, hint, error, inputRef, ...input }: FileFieldProps) {
  const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        type="file"
        aria-invalid={error ? true : undefined}
        aria-describedby={described.length > 0 ? described.join(" ") : undefined}
        className="w-full max-w-md rounded-lg text-sm text-muted file:mr-3 file:min-h-10 file:cursor-pointer file:rounded-full file:border file:border-line-strong file:bg-surface file:px-4 file:text-sm file:font-semibold file:text-ink hover:file:border-accent hover:file:bg-accent-soft hover:file:text-accent-strong"
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
