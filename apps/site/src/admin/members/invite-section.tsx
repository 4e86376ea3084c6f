import type { ItemData } from "@consultant/site-content";
import type { StoredFile } from "@consultant/site-content/wire";
import { type FormEvent, useCallback, useEffect, useId, useMemo, useState } from "react";
import { useAnnounce } from "../../components/ui/announcer.tsx";
import { Button } from "../../components/ui/button.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import type { EditorApi } from "../api/editor-api.ts";
import { createNoticesApi, type PendingInvite } from "../api/notices-api.ts";
import { errorMessage } from "../api/store-errors.ts";
import { createFilesApi } from "../files/files-api.ts";

type Choice = { id: string; label: string };

function ChoiceList(props: {
  legend: string;
  choices: readonly Choice[];
  chosen: ReadonlySet<string>;
  onToggle: (id: string, on: boolean) => void;
}) {
  if (props.choices.length === 0) return null;
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="text-sm font-semibold text-ink">{props.legend}</legend>
      {props.choices.map((choice) => (
        <label key={choice.id} className="flex items-center gap-2 text-sm text-ink">
          <input
            type="checkbox"
            className="size-5 accent-accent"
            checked={props.chosen.has(choice.id)}
            onChange={(event) => props.onToggle(choice.id, event.target.checked)}
          />
          {choice.label}
        </label>
      ))}
    </fieldset>
  );
}

function toggled(set: ReadonlySet<string>, id: string, on: boolean): Set<string> {
  const next = new Set(set);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

/** Invite a client by e-mail (name, a few words, what to share when they arrive); the pending ones. */
export function InviteSection({ api, onChange }: { api: EditorApi; onChange: () => void }) {
  const notices = useMemo(() => createNoticesApi(api), [api]);
  const announce = useAnnounce();
  const ids = { heading: useId(), message: useId(), pending: useId() };
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const [message, setMessage] = useState("");
  const [resources, setResources] = useState<Choice[]>([]);
  const [files, setFiles] = useState<Choice[]>([]);
  const [resourceIds, setResourceIds] = useState<ReadonlySet<string>>(new Set());
  const [fileIds, setFileIds] = useState<ReadonlySet<string>>(new Set());
  const [pending, setPending] = useState<PendingInvite[]>([]);
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    notices.invites().then(setPending, (error: unknown) => setProblem(errorMessage(error)));
  }, [notices]);

  useEffect(() => {
    load();
    api.collectionItems("ClientResources").then(
      (items: ItemData[]) =>
        setResources(
          items.map((item) => ({ id: String(item._id), label: String(item.title ?? item._id) })),
        ),
      () => {},
    );
    createFilesApi(api)
      .overview()
      .then(
        (overview) =>
          setFiles(overview.files.map((file: StoredFile) => ({ id: file.id, label: file.name }))),
        () => {},
      );
  }, [api, load]);

  async function run(work: () => Promise<string>) {
    if (busy) return;
    setBusy(true);
    setProblem("");
    try {
      announce(await work());
      load();
      onChange();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void run(async () => {
      const sent = await notices.invite({
        email: email.trim(),
        name: name.trim(),
        message,
        resourceIds: [...resourceIds],
        fileIds: [...fileIds],
      });
      setEmail("");
      setName("");
      setMessage("");
      setResourceIds(new Set());
      setFileIds(new Set());
      return `An invitation is on its way to ${sent.email}.`;
    });
  }

  return (
    <section
      aria-labelledby={ids.heading}
      className="flex flex-col gap-4 rounded-xl border border-line bg-surface p-4"
    >
      <h3 id={ids.heading} className="font-semibold">
        Invite a client
      </h3>
      <form noValidate onSubmit={submit} className="flex max-w-md flex-col gap-3">
        <TextField
          id="invite-name"
          label="Their name"
          value={name}
          autoComplete="off"
          onChange={(event) => setName(event.target.value)}
        />
        <TextField
          id="invite-email"
          label="Their e-mail address"
          type="email"
          inputMode="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.message} className="text-sm font-semibold text-ink">
            A few words for the mail (optional)
          </label>
          <textarea
            id={ids.message}
            rows={3}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            className="rounded-lg border border-line-strong bg-surface px-3 py-2 text-base text-ink"
          />
        </div>
        <ChoiceList
          legend="Resources to give them"
          choices={resources}
          chosen={resourceIds}
          onToggle={(id, on) => setResourceIds((set) => toggled(set, id, on))}
        />
        <ChoiceList
          legend="Files to share with them"
          choices={files}
          chosen={fileIds}
          onToggle={(id, on) => setFileIds((set) => toggled(set, id, on))}
        />
        {problem ? (
          <p role="alert" className="text-sm font-semibold text-danger">
            {problem}
          </p>
        ) : null}
        <Button type="submit" size="xs" variant="primary" aria-disabled={busy}>
          Send the invitation
        </Button>
      </form>
      <h4 id={ids.pending} className="font-semibold">
        Waiting for an answer
      </h4>
      {pending.length === 0 ? (
        <p className="text-sm text-muted">No invitation is waiting.</p>
      ) : null}
      {pending.length > 0 ? (
        <ul aria-labelledby={ids.pending} className="flex flex-col gap-2">
          {pending.map((invite) => (
            <li
              key={invite.id}
              className="flex flex-wrap items-center gap-3 rounded-lg border border-line p-3 text-sm"
            >
              <span className="grow">
                <span className="font-semibold">{invite.name}</span> ({invite.email}), link valid
                until {new Date(invite.expiresAt).toLocaleDateString()}
              </span>
              <Button
                size="xs"
                variant="outline"
                aria-disabled={busy}
                onClick={() =>
                  void run(async () => {
                    await notices.resendInvite(invite.id);
                    return `The invitation to ${invite.email} is sent again; the earlier link no longer works.`;
                  })
                }
              >
                Resend<span className="sr-only"> the invitation to {invite.email}</span>
              </Button>
              <Button
                size="xs"
                variant="danger"
                aria-disabled={busy}
                onClick={() => {
                  if (
                    !window.confirm(
                      `Withdraw the invitation to ${invite.email}? Its link stops working.`,
                    )
                  )
                    return;
                  void run(async () => {
                    await notices.revokeInvite(invite.id);
                    return `The invitation to ${invite.email} is withdrawn.`;
                  });
                }}
              >
                Withdraw<span className="sr-only"> the invitation to {invite.email}</span>
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
