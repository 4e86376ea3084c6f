import type { Passkey } from "@consultant/site-content/wire";
import { type FormEvent, useCallback, useEffect, useId, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Notice } from "../../components/ui/notice.tsx";
import { TextField } from "../../components/ui/text-field.tsx";

type Note = { tone: "info" | "error"; text: string };

const calls = () => import("./passkey-calls.ts");

function failure(error: unknown): Note {
  const text = error instanceof Error ? error.message : "";
  return { tone: "error", text: text ? `That did not work: ${text}` : "That did not work." };
}

function PasskeyRow({
  passkey,
  run,
}: {
  passkey: Passkey;
  run: (step: () => Promise<void>, done: string) => Promise<void>;
}) {
  const [name, setName] = useState(passkey.name);
  const inputId = useId();
  const rename = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await (await calls()).renamePasskey(passkey.id, name);
    }, `Renamed to “${name.trim()}”.`);
  };
  return (
    <li className="flex flex-wrap items-end gap-2 rounded-lg border border-line p-3">
      <form onSubmit={rename} className="flex flex-wrap items-end gap-2">
        <TextField
          id={inputId}
          label="Name"
          value={name}
          maxLength={60}
          onChange={(event) => setName(event.target.value)}
        />
        <Button type="submit" size="sm" variant="outline">
          Rename
        </Button>
      </form>
      <Button
        size="sm"
        variant="ghost"
        aria-label={`Remove ${passkey.name}`}
        onClick={() =>
          run(async () => {
            await (await calls()).removePasskey(passkey.id);
          }, `Removed “${passkey.name}”.`)
        }
      >
        Remove
      </Button>
      <p className="w-full text-xs text-muted">
        Added {new Date(passkey.createdDate).toLocaleDateString()}
        {passkey.lastUsedDate
          ? `, last used ${new Date(passkey.lastUsedDate).toLocaleDateString()}`
          : ", not used yet"}
      </p>
    </li>
  );
}

/** The signed-in member's passkeys: add one on this device, rename, remove. */
export function PasskeysSection() {
  const heading = useId();
  const nameId = useId();
  const [passkeys, setPasskeys] = useState<Passkey[] | null>(null);
  const [note, setNote] = useState<Note | null>(null);
  const [name, setName] = useState("");

  const reload = useCallback(async () => {
    setPasskeys(await (await calls()).listPasskeys());
  }, []);

  useEffect(() => {
    reload().catch((error: unknown) => setNote(failure(error)));
  }, [reload]);

  const run = async (step: () => Promise<void>, done: string) => {
    try {
      await step();
      await reload();
      setNote({ tone: "info", text: done });
    } catch (error) {
      setNote(failure(error));
    }
  };

  const add = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await (await calls()).addPasskey(name);
      setName("");
    }, "Passkey added. Next time, sign in with it: no password needed.");
  };

  return (
    <section aria-labelledby={heading} className="flex flex-col gap-3">
      <h3 id={heading} className="font-semibold text-ink">
        Passkeys
      </h3>
      <p className="text-sm text-muted">
        A passkey signs you in with this device's screen lock or security key instead of a password.
      </p>
      {note ? <Notice tone={note.tone}>{note.text}</Notice> : null}
      {passkeys !== null && passkeys.length > 0 ? (
        <ul aria-label="Your passkeys" className="flex flex-col gap-2">
          {passkeys.map((passkey) => (
            <PasskeyRow key={`${passkey.id}-${passkey.name}`} passkey={passkey} run={run} />
          ))}
        </ul>
      ) : null}
      {passkeys !== null && passkeys.length === 0 ? (
        <p className="text-sm">You have no passkeys yet.</p>
      ) : null}
      <form onSubmit={add} className="flex flex-col items-start gap-2">
        <TextField
          id={nameId}
          label="Passkey name (optional)"
          value={name}
          maxLength={60}
          hint="For example, Work laptop."
          onChange={(event) => setName(event.target.value)}
        />
        <Button type="submit" size="sm">
          Add a passkey
        </Button>
      </form>
    </section>
  );
}
