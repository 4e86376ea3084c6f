import { type FormEvent, useCallback, useEffect, useState } from "react";
import { useAnnounce } from "../../components/ui/announcer.tsx";
import { Button } from "../../components/ui/button.tsx";
import type { EditorApi, Passkey } from "../api/editor-api.ts";
import { errorMessage } from "../api/store-errors.ts";
import { EmailField } from "../auth/email-field.tsx";
import { addPasskey } from "../auth/passkey-ceremony.ts";

function PasskeyItem({
  passkey,
  run,
  api,
}: {
  passkey: Passkey;
  api: EditorApi;
  run: (step: () => Promise<void>, done: string) => Promise<void>;
}) {
  const [name, setName] = useState(passkey.name);
  const rename = (event: FormEvent) => {
    event.preventDefault();
    void run(() => api.renamePasskey(passkey.id, name), `Renamed to ${name.trim()}.`);
  };
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-line p-3">
      <form noValidate onSubmit={rename} className="flex flex-wrap items-end gap-2">
        <EmailField
          id={`passkey-name-${passkey.id}`}
          label="Name"
          type="text"
          autoComplete="off"
          value={name}
          onChange={setName}
        />
        <Button type="submit" size="xs">
          Rename
        </Button>
        <Button
          size="xs"
          variant="danger"
          aria-label={`Remove ${passkey.name}`}
          onClick={() => void run(() => api.removePasskey(passkey.id), `Removed ${passkey.name}.`)}
        >
          Remove
        </Button>
      </form>
      <p className="text-xs text-muted">
        Added {new Date(passkey.createdDate).toLocaleDateString()}
        {passkey.lastUsedDate
          ? `, last used ${new Date(passkey.lastUsedDate).toLocaleDateString()}`
          : ", not used yet"}
      </p>
    </li>
  );
}

/** The signed-in editor's passkeys: add one on this device, rename, remove. */
export function PasskeysSection({ api }: { api: EditorApi }) {
  const announce = useAnnounce();
  const [passkeys, setPasskeys] = useState<Passkey[] | null>(null);
  const [name, setName] = useState("");
  const [error, setError] = useState<string | undefined>();

  const reload = useCallback(async () => setPasskeys(await api.passkeys()), [api]);
  useEffect(() => {
    reload().catch((caught: unknown) => setError(errorMessage(caught)));
  }, [reload]);

  const run = async (step: () => Promise<void>, done: string) => {
    setError(undefined);
    try {
      await step();
      await reload();
      announce(done);
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  const add = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await addPasskey(api, name);
      setName("");
    }, "Passkey added.");
  };

  return (
    <div className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
      <h3 className="font-semibold">Passkeys</h3>
      <p className="text-sm">
        Sign in with this device's screen lock or a security key instead of the password.
      </p>
      {passkeys !== null && passkeys.length > 0 ? (
        <ul aria-label="Your passkeys" className="flex flex-col gap-2">
          {passkeys.map((passkey) => (
            <PasskeyItem
              key={`${passkey.id}-${passkey.name}`}
              passkey={passkey}
              api={api}
              run={run}
            />
          ))}
        </ul>
      ) : null}
      {passkeys !== null && passkeys.length === 0 ? (
        <p className="text-sm text-muted">No passkeys yet.</p>
      ) : null}
      <form noValidate onSubmit={add} className="flex flex-col items-start gap-3">
        <EmailField
          id="passkey-new-name"
          label="Name of the new passkey (optional)"
          type="text"
          autoComplete="off"
          value={name}
          onChange={setName}
        />
        <Button type="submit" size="xs" variant="primary">
          Add a passkey
        </Button>
      </form>
      {error ? (
        <p role="alert" className="text-sm font-semibold text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
