import { type FormEvent, useState } from "react";
import type { EditorApi, SessionState } from "../api/editor-api.ts";
import { errorMessage } from "../api/store-errors.ts";
import { Button } from "../ui/button.tsx";
import { PasswordField } from "./password-field.tsx";

export type SignInFormProps = {
  api: EditorApi;
  onSignedIn: (state: SessionState) => void;
  idPrefix?: string;
};

/** The owner password, and the store's answer ("Wrong password", too many attempts) under it. */
export function SignInForm({ api, onSignedIn, idPrefix = "sign-in" }: SignInFormProps) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    if (password === "") {
      setError("Enter the password");
      return;
    }
    setPending(true);
    setError(undefined);
    try {
      const state = await api.signIn(password);
      setPassword("");
      onSignedIn(state);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setPending(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <PasswordField
        id={`${idPrefix}-password`}
        label="Password"
        value={password}
        onChange={setPassword}
        autoComplete="current-password"
        error={error}
      />
      <Button type="submit" variant="primary" aria-disabled={pending}>
        {pending ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
