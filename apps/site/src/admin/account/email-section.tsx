import { type FormEvent, useState } from "react";
import { useAnnounce } from "../../components/ui/announcer.tsx";
import { Button } from "../../components/ui/button.tsx";
import type { EditorApi } from "../api/editor-api.ts";
import { errorMessage } from "../api/store-errors.ts";
import { EmailField } from "../auth/email-field.tsx";
import { PasswordField } from "../auth/password-field.tsx";

/**
 * The owner's one address: every notice (uploads, sign-ups, contact messages) and mailed
 * password resets go to it ("owner" until one is set); asks the password.
 */
export function EmailSection({
  api,
  email,
  onChange,
}: {
  api: EditorApi;
  email: string;
  onChange: (email: string) => void;
}) {
  const announce = useAnnounce();
  const [next, setNext] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const set = email.includes("@");

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setError(undefined);
    try {
      await api.setEmail(next.trim(), password);
      onChange(next.trim().toLowerCase());
      setNext("");
      setPassword("");
      announce("Your e-mail address is saved.");
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4"
    >
      <h3 className="font-semibold">Your e-mail address</h3>
      <p className="text-sm">
        {set
          ? `Now: ${email}. Every notice and password reset is mailed here.`
          : "None yet: your clients' uploads, sign-ups, contact messages and password resets reach nobody until you set one."}
      </p>
      <EmailField id="account-email" label="New e-mail address" value={next} onChange={setNext} />
      <PasswordField
        id="account-email-password"
        label="Your password"
        value={password}
        onChange={setPassword}
        autoComplete="current-password"
        error={error}
      />
      <Button type="submit" size="xs" variant="primary" aria-disabled={pending}>
        Save e-mail
      </Button>
    </form>
  );
}
