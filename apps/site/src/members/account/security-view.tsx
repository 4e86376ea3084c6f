import type {
  AccountSession,
  AccountSessions,
  AccountSignIns,
  SignInEntry,
} from "@consultant/site-content/wire";
import { useCallback, useEffect, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Notice } from "../../components/ui/notice.tsx";
import { ACCOUNT_PATH, content, memberTokenStore } from "../member-clients.ts";
import { messageOfError } from "./account-steps.ts";

const API = "/_api/account/v1";
const baseUrl = import.meta.env.VITE_CONTENT_BASE_URL ?? "";

type Security = { sessions: AccountSession[]; signIns: SignInEntry[] };

const when = (iso: string) => new Date(iso).toLocaleString();

async function loadSecurity(): Promise<Security> {
  const { sessions } = await content.call<AccountSessions>({
    method: "GET",
    path: `${API}/sessions`,
  });
  const { signIns } = await content.call<AccountSignIns>({
    method: "GET",
    path: `${API}/sign-ins`,
  });
  return { sessions, signIns };
}

/** The export is a zip: fetched with the member's token, then saved through a link. */
async function downloadExport(): Promise<void> {
  const token = memberTokenStore.get()?.accessToken.value ?? "";
  const response = await fetch(`${baseUrl}${API}/export`, { headers: { authorization: token } });
  if (!response.ok) throw new Error(`the export failed (${response.status})`);
  const link = document.createElement("a");
  link.href = URL.createObjectURL(await response.blob());
  link.download = "account-export.zip";
  link.click();
  URL.revokeObjectURL(link.href);
}

/** `/account` signed in: sessions (end one, end the others), sign-ins, export, deletion. */
export function SecurityView() {
  const [security, setSecurity] = useState<Security | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const run = useCallback(async (action: () => Promise<void>) => {
    try {
      await action();
      setError(null);
    } catch (failure) {
      setError(messageOfError(failure));
    }
  }, []);
  const refresh = useCallback(() => run(async () => setSecurity(await loadSecurity())), [run]);
  useEffect(() => {
    void refresh();
  }, [refresh]);

  const end = (path: string) =>
    run(async () => {
      await content.call({ method: "POST", path: `${API}${path}` });
      setSecurity(await loadSecurity());
    });
  const deleteAccount = () =>
    run(async () => {
      await content.call({ method: "POST", path: `${API}/delete` });
      memberTokenStore.clear();
      window.location.assign(`${ACCOUNT_PATH}?deleted=1`);
    });

  return (
    <section aria-labelledby="security-heading" className="flex flex-col gap-4">
      <h3 id="security-heading" className="font-serif text-lg font-semibold text-ink">
        Security
      </h3>
      {error ? <Notice tone="error">{error}</Notice> : null}
      {security ? (
        <>
          <h4 className="font-semibold text-ink">Where you are signed in</h4>
          <ul aria-label="Sessions" className="flex flex-col gap-2">
            {security.sessions.map((session) => (
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
                  <Button variant="outline" onClick={() => end(`/sessions/${session.id}/end`)}>
                    End this session
                  </Button>
                )}
              </li>
            ))}
          </ul>
          {security.sessions.length > 1 ? (
            <Button variant="outline" onClick={() => end("/sessions/end-others")}>
              End all other sessions
            </Button>
          ) : null}
          <h4 className="font-semibold text-ink">Recent sign-ins</h4>
          <ul aria-label="Recent sign-ins" className="flex flex-col gap-1 text-sm">
            {security.signIns.map((signIn) => (
              <li key={`${signIn.at}-${signIn.outcome}`}>
                {when(signIn.at)} · {signIn.outcome === "success" ? "signed in" : "failed attempt"}{" "}
                · {signIn.method} · {signIn.address ?? "unknown address"}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h4 className="font-semibold text-ink">Your data</h4>
      <div className="flex flex-wrap gap-3">
        <Button variant="outline" onClick={() => run(downloadExport)}>
          Download your data
        </Button>
        {confirmDelete ? (
          <Button variant="outline" onClick={deleteAccount}>
            Yes, delete my account for good
          </Button>
        ) : (
          <Button variant="ghost" onClick={() => setConfirmDelete(true)}>
            Delete my account
          </Button>
        )}
      </div>
    </section>
  );
}
