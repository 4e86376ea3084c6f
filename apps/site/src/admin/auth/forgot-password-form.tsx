import { type FormEvent, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import type { EditorApi } from "../api/editor-api.ts";
import { errorMessage } from "../api/store-errors.ts";
import { EmailField } from "./email-field.tsx";

/** Asks for a mailed reset link; says the same whether or not the address is known. */
export function ForgotPasswordForm({ api, onBack }: { api: EditorApi; onBack: () => void }) {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState(false);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    if (email.trim() === "") {
      setError("Enter your e-mail address");
      return;
    }
    setPending(true);
    setError(undefined);
    try {
      await api.requestReset(email.trim());
      setSent(true);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setPending(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {sent ? (
        <p role="status" className="rounded-lg bg-accent-soft p-3 text-sm">
          If this address belongs to the owner or a collaborator, a link to choose a new password is
          on its way. It works once, for 60 minutes.
        </p>
      ) : null}
      <EmailField
        id="forgot-email"
        label="Your e-mail address"
        value={email}
        onChange={setEmail}
        hint="The owner's address is the one set under Account in the editor."
        error={error}
      />
      <Button type="submit" variant="primary" aria-disabled={pending}>
        {pending ? "Sending…" : "Send the link"}
      </Button>
      <Button variant="ghost" size="xs" onClick={onBack}>
        Back to sign-in
      </Button>
    </form>
  );
}
