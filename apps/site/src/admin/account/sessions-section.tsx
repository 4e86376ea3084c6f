import { signInMethodWords } from "@consultant/site-content/wire";
import { useCallback, useEffect, useState } from "react";
import { useAnnounce } from "../../components/ui/announcer.tsx";
import { Button } from "../../components/ui/button.tsx";
import type { AccountSession, EditorApi, SignInEntry } from "../api/editor-api.ts";
import { errorMessage } from "../api/store-errors.ts";

const when = (iso: string) => new Date(iso).toLocaleString();

/** Where the signed-in person is signed in (end one, or all others) and their recent sign-ins. */
export function SessionsSection({ api }: { api: EditorApi }) {
  const announce = useAnnounce();
  const [sessions, setSessions] = useState<AccountSession[] | null>(null);
  const [signIns, setSignIns] = useState<SignInEntry[]>([]);
  const [error, setError] = useState<string | undefined>();

  const load = useCallback(() => {
    api.sessions().then(setSessions, (caught: unknown) => setError(errorMessage(caught)));
    api.signIns().then(setSignIns, () => {});
  }, [api]);
  useEffect(load, [load]);

  async function end(which: string) {
    setError(undefined);
    try {
      await api.endSessions(which);
      announce(which === "others" ? "Your other sessions are ended." : "The session is ended.");
    } catch (caught) {
      setError(errorMessage(caught));
    }
    load();
  }

  return (
    <div className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
      <h3 className="font-semibold">Where you are signed in</h3>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <ul aria-label="Sessions" className="flex flex-col gap-2">
        {(sessions ?? []).map((session) => (
          <li
            key={session.id}
            className="flex flex-wrap items-center justify-between gap-2 text-sm"
          >
            <span>
              {session.device}
              {session.current ? <strong> (this device)</strong> : null} ·{" "}
              {session.address ?? "unknown address"} · last used {when(session.lastUsedAt)}
            </span>
            {session.current ? null : (
              <Button size="sm" variant="danger" onClick={() => end(session.id)}>
                End<span className="sr-only"> the session on {session.device}</span>
              </Button>
            )}
          </li>
        ))}
      </ul>
      {sessions && sessions.length > 1 ? (
        <Button size="sm" variant="danger" onClick={() => end("others")}>
          End all other sessions
        </Button>
      ) : null}
      <h3 className="font-semibold">Recent sign-ins</h3>
      <ul aria-label="Recent sign-ins" className="flex flex-col gap-1 text-sm">
        {signIns.map((signIn) => (
          <li key={`${signIn.at}-${signIn.outcome}`}>
            {when(signIn.at)} · {signIn.outcome === "success" ? "signed in" : "failed attempt"} ·{" "}
            {signInMethodWords(signIn.method)} · {signIn.address ?? "unknown address"}
          </li>
        ))}
      </ul>
    </div>
  );
}
