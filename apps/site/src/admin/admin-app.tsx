import { useEffect, useMemo, useState } from "react";
import { Announcer } from "../components/ui/announcer.tsx";
import { Dialog } from "../components/ui/dialog.tsx";
import {
  createEditorApi,
  type EditorApi,
  type SessionState,
  type StaffRole,
} from "./api/editor-api.ts";
import { errorMessage } from "./api/store-errors.ts";
import { AuthScreen } from "./auth/auth-screen.tsx";
import { NewPasswordForm } from "./auth/new-password-form.tsx";
import { SetupForm } from "./auth/setup-form.tsx";
import { SignInForm } from "./auth/sign-in-form.tsx";
import { EditorShell } from "./editor/editor-shell.tsx";

type Phase =
  | { name: "checking" }
  | { name: "failed"; message: string }
  | { name: "setup"; token: string }
  | { name: "reset"; token: string; invited: boolean }
  | { name: "signed-out"; passwordSet: boolean; message?: string }
  | { name: "editor"; role: StaffRole };

function setupToken(): string | null {
  if (!location.pathname.replace(/\/+$/, "").endsWith("/admin/setup")) return null;
  return new URLSearchParams(location.search).get("token");
}

/** A mailed reset or invitation link: `/admin/reset?token=…` (`&invited=1` for an invitation). */
function resetLink(): { token: string; invited: boolean } | null {
  if (!location.pathname.replace(/\/+$/, "").endsWith("/admin/reset")) return null;
  const query = new URLSearchParams(location.search);
  const token = query.get("token");
  return token ? { token, invited: query.get("invited") === "1" } : null;
}

function NoPasswordNotice() {
  return (
    <div className="flex flex-col gap-3 text-sm">
      <p>No owner password is set yet. On the machine that runs the site, either:</p>
      <ul className="list-disc pl-5">
        <li>
          run <code className="rounded bg-paper px-1">npm run store -- owner set-password</code>, or
        </li>
        <li>open the one-time setup link the store printed when it started.</li>
      </ul>
    </div>
  );
}

/** The editor app: checks the session, then shows setup, sign-in or the editor. */
export function AdminApp({ api: givenApi }: { api?: EditorApi }) {
  const [phase, setPhase] = useState<Phase>({ name: "checking" });
  const [sessionEnded, setSessionEnded] = useState(false);
  const api = useMemo(
    () => givenApi ?? createEditorApi({ onSessionEnded: () => setSessionEnded(true) }),
    [givenApi],
  );

  useEffect(() => {
    const token = setupToken();
    const reset = resetLink();
    api.session().then(
      (state) => {
        if (reset) setPhase({ name: "reset", ...reset });
        else if (state.signedIn) setPhase({ name: "editor", role: state.role });
        else if (token && !state.passwordSet) setPhase({ name: "setup", token });
        else setPhase({ name: "signed-out", passwordSet: state.passwordSet });
      },
      (error: unknown) =>
        setPhase({
          name: "failed",
          message: errorMessage(error),
        }),
    );
  }, [api]);

  function signedIn(state: SessionState) {
    if (!state.signedIn) return;
    if (location.pathname !== "/admin") history.replaceState(null, "", `/admin${location.hash}`);
    setSessionEnded(false);
    setPhase({ name: "editor", role: state.role });
  }

  async function signOut(everywhere = false) {
    try {
      await (everywhere ? api.signOutEverywhere() : api.signOut());
    } finally {
      const message = everywhere ? "You have signed out on every device." : "You have signed out.";
      setPhase({ name: "signed-out", passwordSet: true, message });
    }
  }

  function passwordChosen() {
    history.replaceState(null, "", "/admin");
    setPhase({
      name: "signed-out",
      passwordSet: true,
      message: "Your password is set. Sign in with it.",
    });
  }

  return (
    <Announcer>
      {phase.name === "checking" ? <p className="p-8 text-muted">Loading the editor…</p> : null}
      {phase.name === "failed" ? (
        <AuthScreen title="The editor cannot reach the store">
          <p role="alert">{phase.message}</p>
        </AuthScreen>
      ) : null}
      {phase.name === "setup" ? (
        <AuthScreen title="Choose the owner password">
          <SetupForm api={api} token={phase.token} onSignedIn={signedIn} />
        </AuthScreen>
      ) : null}
      {phase.name === "reset" ? (
        <AuthScreen title={phase.invited ? "Choose your password" : "Choose a new password"}>
          <NewPasswordForm
            idPrefix="reset"
            submitLabel="Set password"
            onSubmit={async (password) => {
              await api.reset(phase.token, password);
              passwordChosen();
            }}
          />
        </AuthScreen>
      ) : null}
      {phase.name === "signed-out" ? (
        <AuthScreen title="Sign in">
          {phase.message ? (
            <p role="status" className="mb-4 rounded-lg bg-accent-soft p-3 text-sm">
              {phase.message}
            </p>
          ) : null}
          {phase.passwordSet ? (
            <SignInForm api={api} onSignedIn={signedIn} />
          ) : (
            <NoPasswordNotice />
          )}
        </AuthScreen>
      ) : null}
      {phase.name === "editor" ? (
        <>
          <EditorShell
            api={api}
            role={phase.role}
            onSignOut={(everywhere) => void signOut(everywhere)}
          />
          {sessionEnded ? (
            <Dialog title="Sign in again" onClose={() => setSessionEnded(false)}>
              <p className="mb-4 text-sm">
                Your session ended (after a while without activity, or a sign-out elsewhere). Your
                unsaved changes are still here: sign in, then save.
              </p>
              <SignInForm api={api} onSignedIn={signedIn} idPrefix="session-ended" />
            </Dialog>
          ) : null}
        </>
      ) : null}
    </Announcer>
  );
}
