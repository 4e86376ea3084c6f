import { useState } from "react";
import type { EditorApi, SessionState } from "../api/editor-api.ts";
import { EmailField } from "./email-field.tsx";
import { NewPasswordForm } from "./new-password-form.tsx";

export type SetupFormProps = {
  api: EditorApi;
  token: string;
  onSignedIn: (state: SessionState) => void;
};

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * First start: the one-time link lets the owner give their e-mail address (every notice and
 * password reset goes to it) and choose the password.
 */
export function SetupForm({ api, token, onSignedIn }: SetupFormProps) {
  const [email, setEmail] = useState("");
  return (
    <div className="flex flex-col gap-4">
      <EmailField
        id="setup-email"
        label="Your e-mail address"
        value={email}
        onChange={setEmail}
        hint="Your clients' uploads, sign-ups, contact messages and password resets are mailed here."
      />
      <NewPasswordForm
        idPrefix="setup"
        submitLabel="Set password and sign in"
        onSubmit={async (password) => {
          if (!EMAIL_SHAPE.test(email.trim())) {
            throw new Error("Give your e-mail address, so your notices reach you");
          }
          onSignedIn(await api.setup(token, password, email.trim()));
        }}
      />
    </div>
  );
}
