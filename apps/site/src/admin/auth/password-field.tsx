import { EmailField } from "./email-field.tsx";

export type PasswordFieldProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: "current-password" | "new-password";
  error?: string | undefined;
  hint?: string;
};

export function PasswordField({
  id,
  label,
  value,
  onChange,
  autoComplete,
  error,
  hint,
}: PasswordFieldProps) {
  return (
    <EmailField
      id={id}
      label={label}
      value={value}
      onChange={onChange}
      autoComplete={autoComplete}
      inputMode={undefined}
      type="password"
      {...(hint === undefined ? {} : { hint })}
      error={error}
    />
  );
}
