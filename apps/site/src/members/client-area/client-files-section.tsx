import type { MemberFile, MemberFiles } from "@consultant/site-content/wire";
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { FileField } from "../../components/ui/file-field.tsx";
import { Notice } from "../../components/ui/notice.tsx";
import { downloadFile, formatSize, listFiles, uploadFile } from "./client-files-api.ts";

const date = (ms: number) => new Date(ms).toLocaleDateString(undefined, { dateStyle: "medium" });

function FileRow({ file, onOpen }: { file: MemberFile; onOpen: (file: MemberFile) => void }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line bg-surface p-4">
      <div className="min-w-0">
        <p className="font-semibold break-all text-ink">
          {file.name}
          {file.new && !file.expired ? (
            <span className="ml-2 rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-white">
              New
            </span>
          ) : null}
        </p>
        <p className="text-sm text-muted">
          {formatSize(file.size)} · shared {date(file.sharedAt)}
          {file.expiresAt !== null
            ? ` · ${file.expired ? "expired" : "available until"} ${date(file.expiresAt)}`
            : ""}
        </p>
        {file.note ? <p className="mt-1 text-sm whitespace-pre-line">{file.note}</p> : null}
      </div>
      {file.expired ? (
        <span className="text-sm text-muted">Expired</span>
      ) : (
        <Button variant="outline" onClick={() => onOpen(file)}>
          Download<span className="sr-only"> {file.name}</span>
        </Button>
      )}
    </li>
  );
}

function byFolder(files: readonly MemberFile[]): [string, MemberFile[]][] {
  const groups = new Map<string, MemberFile[]>();
  for (const file of files) groups.set(file.folder, [...(groups.get(file.folder) ?? []), file]);
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
}

/** The member's files: what the owner shared (new ones marked), and a way to send one back. */
export function ClientFilesSection() {
  const [files, setFiles] = useState<MemberFiles | null>(null);
  const [problem, setProblem] = useState("");
  const [status, setStatus] = useState("");
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const ids = { heading: useId(), upload: useId() };

  const load = useCallback(() => {
    listFiles().then(setFiles, (error: unknown) =>
      setProblem(error instanceof Error ? error.message : "Your files could not be loaded."),
    );
  }, []);
  useEffect(load, [load]);

  async function open(file: MemberFile) {
    try {
      await downloadFile(file);
      setProblem("");
    } catch (error) {
      setProblem(error instanceof Error ? error.message : "The file could not be downloaded.");
    }
    load();
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    const picked = input.current?.files?.[0];
    if (!picked) return setProblem("Choose a file to send.");
    setBusy(true);
    try {
      await uploadFile(picked);
      setProblem("");
      setStatus(`${picked.name} was sent to the owner.`);
      if (input.current) input.current.value = "";
      load();
    } catch (error) {
      setStatus("");
      setProblem(error instanceof Error ? error.message : "The file could not be sent.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={ids.heading} className="flex flex-col gap-4">
      <h2 id={ids.heading} className="font-serif text-2xl font-semibold text-ink">
        Your files
      </h2>
      {problem ? <Notice tone="error">{problem}</Notice> : null}
      {status ? <Notice tone="info">{status}</Notice> : null}
      {files === null && !problem ? <p role="status">Loading your files…</p> : null}
      {files?.files.length === 0 ? (
        <p className="text-muted">No file is shared with you yet.</p>
      ) : null}
      {files
        ? byFolder(files.files).map(([folder, list]) => (
            <div key={folder} className="flex flex-col gap-2">
              {folder ? <h3 className="font-semibold text-ink">{folder}</h3> : null}
              <ul aria-label={folder || "Files shared with you"} className="flex flex-col gap-2">
                {list.map((file) => (
                  <FileRow key={file.id} file={file} onOpen={(f) => void open(f)} />
                ))}
              </ul>
            </div>
          ))
        : null}
      <form
        onSubmit={(event) => void send(event)}
        className="flex flex-col gap-2 rounded-xl border border-line bg-surface p-4"
      >
        <FileField
          id={ids.upload}
          inputRef={input}
          label="Send a file to the owner"
          hint={`A PDF, Office document, picture or archive${files ? ` of at most ${formatSize(files.maxBytes)}` : ""}.`}
        />
        <Button type="submit" className="self-start" disabled={busy}>
          {busy ? "Sending…" : "Send"}
        </Button>
      </form>
      {files && files.uploads.length > 0 ? (
        <ul aria-label="Files you sent" className="flex flex-col gap-1 text-sm text-muted">
          {files.uploads.map((upload) => (
            <li key={upload.id}>
              You sent {upload.name} ({formatSize(upload.size)}) on {date(upload.createdAt)}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
