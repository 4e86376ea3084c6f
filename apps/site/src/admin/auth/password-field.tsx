import { TextField } from "../../components/ui/text-field.tsx";

export type PasswordFieldProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: "current-password" | "new-password";
  error?: string | undefined;
  hint?: string;
};

/** The kit's text field for a password: no `inputmode`, so phones offer their full keyboard. */
export function PasswordField({ onChange, error, hint, ...field }: PasswordFieldProps) {
  return (
    <TextField
      {...field}
      {...(error ? { error } : {})}
      {...(hint === undefined ? {} : { hint })}
      type="password"
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
