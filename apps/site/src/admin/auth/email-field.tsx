import { TextField } from "../../components/ui/text-field.tsx";

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

/** The kit's text field for the sign-in screens: an e-mail by default, or a code or a password. */
export function EmailField({
  onChange,
  error,
  autoComplete = "email",
  inputMode = "email",
  type = "email",
  ...field
}: EmailFieldProps) {
  return (
    <TextField
      {...field}
      {...(error ? { error } : {})}
      type={type}
      autoComplete={autoComplete}
      inputMode={inputMode}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
