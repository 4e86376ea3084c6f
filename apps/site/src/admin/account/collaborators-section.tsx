import { type FormEvent, useCallback, useEffect, useState } from "react";
import { useAnnounce } from "../../components/ui/announcer.tsx";
import { Button } from "../../components/ui/button.tsx";
import type { Collaborator, EditorApi } from "../api/editor-api.ts";
import { errorMessage } from "../api/store-errors.ts";
import { EmailField } from "../auth/email-field.tsx";

/** The owner's collaborators: they edit content, never members, settings or collaborators. */
export function CollaboratorsSection({ api }: { api: EditorApi }) {
  const announce = useAnnounce();
  const [list, setList] = useState<Collaborator[] | null>(null);
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  const load = useCallback(() => {
    api.collaborators().then(setList, (caught: unknown) => setError(errorMessage(caught)));
  }, [api]);
  useEffect(load, [load]);

  async function change(step: () => Promise<string>) {
    if (pending) return;
    setPending(true);
    setError(undefined);
    try {
      announce(await step());
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setPending(false);
      load();
    }
  }

  function invite(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    void change(async () => {
      await api.invite(address);
      setEmail("");
      return `An invitation is on its way to ${address}.`;
    });
  }

  function remove(collaborator: Collaborator) {
    if (!window.confirm(`Remove ${collaborator.email}? Their sessions end at once.`)) return;
    void change(async () => {
      await api.removeCollaborator(collaborator.id);
      return `${collaborator.email} is removed.`;
    });
  }

  return (
    <div className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
      <h3 className="font-semibold">Collaborators</h3>
      <p className="text-sm text-muted">
        A collaborator edits the site's content. They cannot see members, change the site's settings
        or invite others.
      </p>
      {list?.length === 0 ? <p className="text-sm">No collaborators yet.</p> : null}
      {list && list.length > 0 ? (
        <ul aria-label="Collaborators" className="flex flex-col gap-2">
          {list.map((collaborator) => (
            <li key={collaborator.id} className="flex flex-wrap items-center justify-between gap-2">
              <span className="text-sm">
                {collaborator.email}{" "}
                <span className="text-muted">
                  ({collaborator.status === "INVITED" ? "invited" : "active"})
                </span>
              </span>
              <Button size="xs" variant="danger" onClick={() => remove(collaborator)}>
                Remove<span className="sr-only"> {collaborator.email}</span>
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <form noValidate onSubmit={invite} className="flex flex-col gap-3">
        <EmailField
          id="invite-email"
          label="Invite by e-mail"
          value={email}
          onChange={setEmail}
          error={error}
        />
        <Button type="submit" size="xs" variant="primary" aria-disabled={pending}>
          Send invitation
        </Button>
      </form>
    </div>
  );
}
