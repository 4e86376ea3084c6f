import { type FormEvent, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { errorMessage } from "../api/store-errors.ts";
import { PasswordField } from "./password-field.tsx";

const MIN_LENGTH = 12;

export type NewPasswordFormProps = {
  idPrefix: string;
  submitLabel: string;
  onSubmit: (password: string) => Promise<void>;
};

/** A new editor password, typed twice (first start, a mailed reset, an invitation). */
export function NewPasswordForm({ idPrefix, submitLabel, onSubmit }: NewPasswordFormProps) {
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [errors, setErrors] = useState<{ password?: string; repeat?: string; form?: string }>({});
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const next: typeof errors = {};
    if ([...password].length < MIN_LENGTH) next.password = `Use at least ${MIN_LENGTH} characters`;
    if (repeat !== password) next.repeat = "The two passwords differ";
    setErrors(next);
    if (next.password || next.repeat) return;
    setPending(true);
    try {
      await onSubmit(password);
    } catch (caught) {
      setErrors({ form: errorMessage(caught) });
    } finally {
      setPending(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {errors.form ? (
        <p role="alert" className="rounded-lg bg-danger-soft p-3 text-sm font-semibold text-danger">
          {errors.form}
        </p>
      ) : null}
      <PasswordField
        id={`${idPrefix}-password`}
        label="New password"
        value={password}
        onChange={setPassword}
        autoComplete="new-password"
        hint={`At least ${MIN_LENGTH} characters. A short sentence is easy to remember.`}
        error={errors.password}
      />
      <PasswordField
        id={`${idPrefix}-repeat`}
        label="Repeat the password"
        value={repeat}
        onChange={setRepeat}
        autoComplete="new-password"
        error={errors.repeat}
      />
      <Button type="submit" variant="primary" aria-disabled={pending}>
        {pending ? "Saving…" : submitLabel}
      </Button>
    </form>
  );
}
