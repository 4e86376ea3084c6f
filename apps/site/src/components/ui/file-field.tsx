import type { ComponentProps, Ref } from "react";
import { describedBy, FieldFrame } from "./field-frame.tsx";

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
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <input
        ref={inputRef}
        id={id}
        type="file"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className="w-full max-w-md rounded-lg text-sm text-muted file:mr-3 file:min-h-10 file:cursor-pointer file:rounded-full file:border file:border-line-strong file:bg-surface file:px-4 file:text-sm file:font-semibold file:text-ink hover:file:border-accent hover:file:bg-accent-soft hover:file:text-accent-strong"
        {...input}
      />
    </FieldFrame>
  );
}
