import { useContext } from "react";
import { cn } from "../../lib/cn.ts";
import { lengthOf } from "../model/validate.ts";
import { FieldError } from "./field-error.tsx";
import { FormLockContext } from "./form-lock.ts";

export type TextFieldProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  max?: number;
  multiline?: boolean;
  rows?: number;
  required?: boolean;
  hint?: string;
};

/** A labelled input or textarea with its limit, its hint and its error right under it. */
export function TextField({
  id,
  label,
  value,
  onChange,
  error,
  max,
  multiline = false,
  rows = 4,
  required = false,
  hint,
}: TextFieldProps) {
  const locked = useContext(FormLockContext);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint || max ? hintId : null, error ? errorId : null].filter(Boolean);
  const shared = {
    id,
    name: id,
    value,
    readOnly: locked,
    "aria-invalid": error ? true : undefined,
    "aria-required": required || undefined,
    "aria-describedby": describedBy.length > 0 ? describedBy.join(" ") : undefined,
    className: cn(
      "w-full rounded-lg border bg-surface px-3 py-2 text-base text-ink shadow-inner shadow-black/[0.02] focus-visible:border-accent",
      error ? "border-danger" : "border-line-strong",
    ),
  };
  const over = max !== undefined && lengthOf(value) > max;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
        {required ? null : <span className="font-normal text-muted"> (optional)</span>}
      </label>
      {multiline ? (
        <textarea {...shared} rows={rows} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...shared} type="text" onChange={(event) => onChange(event.target.value)} />
      )}
      {hint || max ? (
        <p id={hintId} className="flex justify-between gap-3 text-xs text-muted">
          <span>{hint}</span>
          {max ? (
            <span className={cn("tabular-nums", over && "font-semibold text-danger")}>
              {lengthOf(value)} / {max}
            </span>
          ) : null}
        </p>
      ) : null}
      <FieldError id={errorId} error={error} />
    </div>
  );
}
