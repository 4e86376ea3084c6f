import type { EditorApi, SessionState } from "../api/editor-api.ts";
import { NewPasswordForm } from "./new-password-form.tsx";

export type SetupFormProps = {
  api: EditorApi;
  token: string;
  onSignedIn: (state: SessionState) => void;
};

/** First start: the one-time link lets the owner choose the password. */
export function SetupForm({ api, token, onSignedIn }: SetupFormProps) {
  return (
    <NewPasswordForm
      idPrefix="setup"
      submitLabel="Set password and sign in"
      onSubmit={async (password) => onSignedIn(await api.setup(token, password))}
    />
  );
}
