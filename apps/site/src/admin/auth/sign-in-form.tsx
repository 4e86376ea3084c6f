import { type FormEvent, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import type { EditorApi, SessionState } from "../api/editor-api.ts";
import { errorMessage } from "../api/store-errors.ts";
import { EmailField } from "./email-field.tsx";
import { ForgotPasswordForm } from "./forgot-password-form.tsx";
import { PasswordField } from "./password-field.tsx";

export type SignInFormProps = {
  api: EditorApi;
  onSignedIn: (state: SessionState) => void;
  idPrefix?: string;
};

/**
 * E-mail (a collaborator's; the owner may leave it empty) and password, then, when two-step
 * verification is on, the code; the store's answer under the field it concerns.
 */
export function SignInForm({ api, onSignedIn, idPrefix = "sign-in" }: SignInFormProps) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [stateToken, setStateToken] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const [forgot, setForgot] = useState(false);

  async function run(step: () => Promise<void>) {
    setPending(true);
    setError(undefined);
    try {
      await step();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setPending(false);
    }
  }

  async function submitPassword(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    if (password === "") {
      setError("Enter the password");
      return;
    }
    await run(async () => {
      const answer = await api.signIn(password, email);
      setPassword("");
      if ("secondFactorRequired" in answer) setStateToken(answer.stateToken);
      else onSignedIn(answer);
    });
  }

  async function submitCode(event: FormEvent) {
    event.preventDefault();
    if (pending || stateToken === null) return;
    if (code.trim() === "") {
      setError("Enter the code");
      return;
    }
    await run(async () => onSignedIn(await api.signInCode(stateToken, code.trim())));
  }

  if (forgot) return <ForgotPasswordForm api={api} onBack={() => setForgot(false)} />;

  if (stateToken !== null) {
    return (
      <form noValidate onSubmit={(event) => void submitCode(event)} className="flex flex-col gap-4">
        <EmailField
          id={`${idPrefix}-code`}
          label="Code"
          type="text"
          inputMode="text"
          autoComplete="one-time-code"
          value={code}
          onChange={setCode}
          hint="The 6-digit code from your authenticator app, or one of your recovery codes."
          error={error}
        />
        <Button type="submit" variant="primary" aria-disabled={pending}>
          {pending ? "Checking…" : "Verify"}
        </Button>
      </form>
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void submitPassword(event)}
      className="flex flex-col gap-4"
    >
      <EmailField
        id={`${idPrefix}-email`}
        label="E-mail"
        autoComplete="username"
        value={email}
        onChange={setEmail}
        hint="Collaborators: your e-mail address. The owner may leave it empty."
      />
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
      <Button variant="ghost" size="xs" onClick={() => setForgot(true)}>
        Forgot your password?
      </Button>
    </form>
  );
}
