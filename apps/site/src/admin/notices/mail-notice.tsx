import { useCallback, useEffect, useMemo, useState } from "react";
import { useAnnounce } from "../../components/ui/announcer.tsx";
import { Button } from "../../components/ui/button.tsx";
import type { EditorApi } from "../api/editor-api.ts";
import { createNoticesApi, type MailNotices } from "../api/notices-api.ts";
import { errorMessage } from "../api/store-errors.ts";
import { ACCOUNT_SECTION } from "../editor/use-selected-section.ts";

/** What stands between the owner and their notices, in one sentence; null once mail works. */
export function mailNoticeText(notices: MailNotices): string | null {
  if (notices.ready) return null;
  if (notices.ownerEmail === null) {
    return "Your notices reach nobody yet: give your e-mail address. Clients' uploads, sign-ups waiting for you, contact messages and password resets all go to it.";
  }
  if (!notices.mailDelivers) {
    return `Mail is not sent yet: no mail server is set (SMTP_URL), so the store keeps every mail, yours to ${notices.ownerEmail} too, in its outbox.`;
  }
  return `Send a test mail to ${notices.ownerEmail} to check that your notices reach you.`;
}

/** The editor's notice until mail to the owner works, with a test mail button. */
export function MailNotice({ api }: { api: EditorApi }) {
  const notices = useMemo(() => createNoticesApi(api), [api]);
  const announce = useAnnounce();
  const [state, setState] = useState<MailNotices | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, setPending] = useState(false);

  const load = useCallback(() => {
    notices.notices().then(setState, () => {});
  }, [notices]);
  useEffect(load, [load]);

  if (state === null) return null;
  const text = mailNoticeText(state);
  if (text === null) return null;

  async function sendTest() {
    if (pending) return;
    setPending(true);
    try {
      const sent = await notices.testMail();
      const ok = { ok: true, text: `A test mail went to ${sent.sentTo}. Check your inbox.` };
      setResult(ok);
      announce(ok.text);
      load();
    } catch (caught) {
      setResult({ ok: false, text: errorMessage(caught) });
    } finally {
      setPending(false);
    }
  }

  return (
    <section
      aria-labelledby="mail-notice-title"
      className="m-4 flex flex-col gap-3 rounded-2xl border border-line-strong bg-accent-soft p-5 sm:m-6"
    >
      <h2 id="mail-notice-title" className="font-serif text-lg font-semibold text-ink">
        Your notices
      </h2>
      <p className="text-sm text-ink">{text}</p>
      <div className="flex flex-wrap gap-2">
        {state.ownerEmail === null ? (
          <a
            href={`#${ACCOUNT_SECTION}`}
            className="rounded font-semibold text-accent-strong underline underline-offset-4"
          >
            Give your e-mail address
          </a>
        ) : (
          <Button
            size="xs"
            variant="outline"
            aria-disabled={pending}
            onClick={() => void sendTest()}
          >
            {pending ? "Sending…" : "Send a test mail"}
          </Button>
        )}
      </div>
      {result === null ? null : (
        <p
          role={result.ok ? "status" : "alert"}
          className={result.ok ? "text-sm text-ink" : "text-sm font-semibold text-danger"}
        >
          {result.text}
        </p>
      )}
    </section>
  );
}
