export type EmailFieldProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  error?: string | undefined;
  autoComplete?:
    | "email"
    | "username"
    | "username webauthn"
    | "one-time-code"
    | "off"
    | "current-password"
    | "new-password";
  inputMode?: "email" | "numeric" | "text" | undefined;
  type?: "email" | "text" | "password";
};

/** A labelled one-line field for the sign-in screens (e-mail, a code, a password), hint and error tied to it. */
export function EmailField({
  id,
  label,
  value,
  onChange,
  hint,
  error,
  autoComplete = "email",
  inputMode = "email",
  type = "email",
}: EmailFieldProps) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        type={type}
        value={value}
        autoComplete={autoComplete}
        inputMode={inputMode}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy.length > 0 ? describedBy.join(" ") : undefined}
        onChange={(event) => onChange(event.target.value)}
        className="w-full rounded-lg border border-line-strong bg-surface px-3 py-2 text-base"
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
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
