import type { ShareMember } from "@consultant/site-content/wire";
import { type FormEvent, useId, useRef, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { FileField } from "../../components/ui/file-field.tsx";
import { errorMessage } from "../api/store-errors.ts";
import { type FilesApi, formatSize } from "./files-api.ts";

const FIELD =
  "w-full max-w-md rounded-lg border border-line-strong bg-surface px-3 py-2 text-base text-ink";

export type ShareFormProps = {
  files: FilesApi;
  clients: readonly ShareMember[];
  maxBytes: number;
  onShared: (message: string) => void;
};

/** Upload files and share them, in one batch, with some clients or all of them. */
export function ShareForm({ files, clients, maxBytes, onShared }: ShareFormProps) {
  const ids = { files: useId(), folder: useId(), note: useId(), expiry: useId(), to: useId() };
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [allMembers, setAllMembers] = useState(false);
  const [folder, setFolder] = useState("");
  const [note, setNote] = useState("");
  const [expiry, setExpiry] = useState("");
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);

  function toggle(id: string, on: boolean) {
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const picked = [...(input.current?.files ?? [])];
    if (picked.length === 0) return setProblem("Choose at least one file to share.");
    if (!allMembers && chosen.size === 0) {
      return setProblem("Choose the clients to share with, or all clients.");
    }
    setBusy(true);
    setProblem("");
    try {
      const uploaded = [];
      for (const file of picked) uploaded.push(await files.upload(file));
      await files.share({
        fileIds: uploaded.map((file) => file.id),
        memberIds: allMembers ? [] : [...chosen],
        allMembers,
        folder,
        note,
        expiresAt: expiry === "" ? null : new Date(expiry).toISOString(),
      });
      if (input.current) input.current.value = "";
      setNote("");
      setExpiry("");
      onShared(
        `${uploaded.length === 1 ? "1 file" : `${uploaded.length} files`} shared; each client gets one e-mail.`,
      );
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-4 rounded-xl border border-line bg-surface p-4"
      aria-label="Share files"
    >
      <h3 className="font-serif text-xl font-semibold">Share files with clients</h3>
      {problem ? (
        <p role="alert" className="rounded-lg bg-danger-soft px-4 py-3 text-sm text-danger">
          {problem}
        </p>
      ) : null}
      <FileField
        id={ids.files}
        inputRef={input}
        multiple
        label="Files"
        hint={`PDF, Office documents, pictures, archives; at most ${formatSize(maxBytes)} each.`}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold text-ink">Share with</legend>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-5 accent-accent"
            checked={allMembers}
            onChange={(event) => setAllMembers(event.target.checked)}
          />
          All clients
        </label>
        {clients.length === 0 ? <p className="text-sm text-muted">No clients yet.</p> : null}
        {clients.map((client) => (
          <label key={client.id} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-5 accent-accent"
              disabled={allMembers}
              checked={allMembers || chosen.has(client.id)}
              onChange={(event) => toggle(client.id, event.target.checked)}
            />
            {client.email}
          </label>
        ))}
      </fieldset>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.folder} className="text-sm font-semibold text-ink">
          Folder (optional)
        </label>
        <input
          id={ids.folder}
          value={folder}
          maxLength={100}
          onChange={(event) => setFolder(event.target.value)}
          className={FIELD}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.note} className="text-sm font-semibold text-ink">
          Note (optional)
        </label>
        <textarea
          id={ids.note}
          value={note}
          maxLength={2000}
          rows={3}
          onChange={(event) => setNote(event.target.value)}
          className={FIELD}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.expiry} className="text-sm font-semibold text-ink">
          Available until (optional)
        </label>
        <input
          id={ids.expiry}
          type="datetime-local"
          value={expiry}
          onChange={(event) => setExpiry(event.target.value)}
          className={FIELD}
        />
      </div>
      <Button type="submit" variant="primary" className="self-start" aria-disabled={busy}>
        {busy ? "Sharing…" : "Upload and share"}
      </Button>
    </form>
  );
}
