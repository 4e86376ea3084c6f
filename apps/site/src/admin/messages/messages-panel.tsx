import { useCallback, useEffect, useId, useState } from "react";
import { useAnnounce } from "../../components/ui/announcer.tsx";
import { Button, buttonVariants } from "../../components/ui/button.tsx";
import type { ContactMessage, EditorApi, MessageStatus } from "../api/editor-api.ts";
import { errorMessage } from "../api/store-errors.ts";
import { replyLink } from "./reply-link.ts";

const FILTERS: { status: MessageStatus; label: string }[] = [
  { status: "new", label: "New" },
  { status: "read", label: "Read" },
  { status: "archived", label: "Archived" },
];

const WHEN = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

export type MessagesPanelProps = {
  api: EditorApi;
  active: boolean;
  /** A message's status changed (the menu's count of new messages follows). */
  onChanged?: () => void;
};

/** What visitors wrote through the contact form: new, read or archived, newest first. */
export function MessagesPanel({ api, active, onChanged }: MessagesPanelProps) {
  const announce = useAnnounce();
  const [messages, setMessages] = useState<ContactMessage[] | null>(null);
  const [shown, setShown] = useState<MessageStatus>("new");
  const [problem, setProblem] = useState("");
  const heading = useId();

  const load = useCallback(() => {
    api
      .contactMessages()
      .then((list) => {
        setMessages(list);
        setProblem("");
      })
      .catch((error: unknown) => setProblem(errorMessage(error)));
  }, [api]);

  useEffect(() => {
    if (active) load();
  }, [active, load]);

  async function mark(message: ContactMessage, status: MessageStatus) {
    try {
      const changed = await api.setMessageStatus(message.id, status);
      setMessages((list) => list?.map((m) => (m.id === changed.id ? changed : m)) ?? null);
      onChanged?.();
      announce(
        `The message from ${message.name} is now ${status === "archived" ? "archived" : `marked ${status}`}.`,
      );
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }

  if (!active) return null;
  const listed = messages?.filter((message) => message.status === shown) ?? [];
  return (
    <section aria-labelledby={heading} className="flex flex-col gap-6 px-4 py-6 sm:px-8">
      <h2 id={heading} className="font-serif text-2xl font-semibold">
        Messages
      </h2>
      {problem ? (
        <p role="alert" className="rounded-lg bg-danger-soft px-4 py-3 text-sm text-danger">
          {problem}
        </p>
      ) : null}
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Show messages</legend>
        {FILTERS.map(({ status, label }) => (
          <Button
            key={status}
            size="sm"
            variant={shown === status ? "primary" : "ghost"}
            aria-pressed={shown === status}
            onClick={() => setShown(status)}
          >
            {label} ({messages?.filter((message) => message.status === status).length ?? 0})
          </Button>
        ))}
      </fieldset>
      {messages === null ? <p>Loading messages…</p> : null}
      {messages !== null && listed.length === 0 ? (
        <p className="text-muted">No {shown} messages.</p>
      ) : null}
      {listed.length > 0 ? (
        <ul aria-label={`${shown} messages`} className="grid gap-3">
          {listed.map((message) => (
            <li
              key={message.id}
              className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4"
            >
              <div>
                <h3 className="font-semibold break-words text-ink">{message.name}</h3>
                <p className="text-sm text-muted">
                  <a href={`mailto:${message.email}`} className="break-all underline">
                    {message.email}
                  </a>{" "}
                  · {WHEN.format(new Date(message.createdAt))}
                </p>
              </div>
              <p className="whitespace-pre-wrap break-words text-ink">{message.message}</p>
              <div className="flex flex-wrap gap-2">
                <ReplyButton message={message} />
                {FILTERS.filter(({ status }) => status !== message.status).map(({ status }) => (
                  <Button
                    key={status}
                    size="sm"
                    variant="outline"
                    aria-label={`Mark the message from ${message.name} as ${status}`}
                    onClick={() => void mark(message, status)}
                  >
                    {status === "archived" ? "Archive" : `Mark ${status}`}
                  </Button>
                ))}
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** Opens the owner's mail program with a reply to the sender (none for an unusable address). */
function ReplyButton({ message }: { message: ContactMessage }) {
  const href = replyLink(message, WHEN.format(new Date(message.createdAt)));
  if (href === null) return null;
  return (
    <a
      href={href}
      aria-label={`Reply to ${message.name} by e-mail`}
      className={buttonVariants({ variant: "primary", size: "sm" })}
    >
      Reply
    </a>
  );
}
