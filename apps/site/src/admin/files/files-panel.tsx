import type { FilesOverview, Share, StoredFile } from "@consultant/site-content/wire";
import { useCallback, useEffect, useId, useMemo, useState } from "react";
import { useAnnounce } from "../../components/ui/announcer.tsx";
import { Button } from "../../components/ui/button.tsx";
import type { EditorApi } from "../api/editor-api.ts";
import { errorMessage } from "../api/store-errors.ts";
import { contentUrl, createFilesApi, formatDate, formatSize } from "./files-api.ts";
import { ShareForm } from "./share-form.tsx";

export type FilesPanelProps = { api: EditorApi; active: boolean };

const LINK = "rounded font-semibold text-accent underline underline-offset-4";

function shareState(share: Share): string {
  if (share.revokedAt !== null) return `Revoked ${formatDate(share.revokedAt)}`;
  if (share.expiresAt === null) return "No expiry";
  return `${share.expired ? "Expired" : "Until"} ${formatDate(share.expiresAt)}`;
}

/** The Files view: share files with clients, see who opened what, revoke, clients' uploads. */
export function FilesPanel({ api, active }: FilesPanelProps) {
  const announce = useAnnounce();
  const files = useMemo(() => createFilesApi(api), [api]);
  const [overview, setOverview] = useState<FilesOverview | null>(null);
  const [problem, setProblem] = useState("");
  const heading = useId();

  const load = useCallback(() => {
    files.overview().then(
      (answer) => {
        setOverview(answer);
        setProblem("");
      },
      (error: unknown) => setProblem(errorMessage(error)),
    );
  }, [files]);

  useEffect(() => {
    if (active) load();
  }, [active, load]);

  if (!active) return null;
  const byId = new Map<string, StoredFile>(overview?.files.map((file) => [file.id, file]) ?? []);
  const emailOf = (id: string) =>
    overview?.members.find((member) => member.id === id)?.email ?? "a deleted client";

  async function revoke(share: Share) {
    try {
      await files.revoke(share.id);
      announce("The share is revoked: its links answer nothing now.");
    } catch (error) {
      setProblem(errorMessage(error));
    }
    load();
  }

  return (
    <section aria-labelledby={heading} className="flex flex-col gap-6 px-4 py-6 sm:px-8">
      <h2 id={heading} className="font-serif text-2xl font-semibold">
        Files
      </h2>
      {problem ? (
        <p role="alert" className="rounded-lg bg-danger-soft px-4 py-3 text-sm text-danger">
          {problem}
        </p>
      ) : null}
      {overview === null ? <p>Loading files…</p> : null}
      {overview ? (
        <ShareForm
          files={files}
          clients={overview.members}
          maxBytes={overview.maxBytes}
          onShared={(message) => {
            announce(message);
            load();
          }}
        />
      ) : null}
      {overview ? (
        <section className="flex flex-col gap-3" aria-label="Shared files">
          <h3 className="font-serif text-xl font-semibold">Shared</h3>
          {overview.shares.length === 0 ? <p className="text-muted">Nothing shared yet.</p> : null}
          <ul className="flex flex-col gap-3">
            {overview.shares.map((share) => (
              <li key={share.id} className="rounded-xl border border-line bg-surface p-4 text-sm">
                <p className="font-semibold text-ink">
                  {share.folder ? `${share.folder}: ` : ""}
                  {share.fileIds.map((id) => byId.get(id)?.name ?? "a removed file").join(", ")}
                </p>
                <p className="text-muted">
                  To {share.allMembers ? "all clients" : share.memberIds.map(emailOf).join(", ")} ·
                  shared {formatDate(share.createdAt)} · {shareState(share)}
                </p>
                {share.note ? <p className="mt-1 whitespace-pre-line">{share.note}</p> : null}
                <ul aria-label="Opened by" className="mt-2 flex flex-col gap-1">
                  {share.receipts.length === 0 ? (
                    <li className="text-muted">Not opened yet.</li>
                  ) : null}
                  {share.receipts.map((receipt) => (
                    <li key={`${receipt.fileId}-${receipt.memberId}`}>
                      {emailOf(receipt.memberId)} first opened{" "}
                      {byId.get(receipt.fileId)?.name ?? "a file"} on{" "}
                      {formatDate(receipt.firstOpenedAt)}
                    </li>
                  ))}
                </ul>
                {share.revokedAt === null ? (
                  <Button
                    size="sm"
                    variant="danger"
                    className="mt-3"
                    onClick={() => void revoke(share)}
                  >
                    Revoke
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {overview ? (
        <section className="flex flex-col gap-3" aria-label="Files from clients">
          <h3 className="font-serif text-xl font-semibold">From clients</h3>
          {overview.uploads.length === 0 ? (
            <p className="text-muted">No client has sent a file yet.</p>
          ) : null}
          {[...new Set(overview.uploads.map((file) => file.uploadedBy ?? ""))].map((memberId) => (
            <div key={memberId} className="rounded-xl border border-line bg-surface p-4 text-sm">
              <h4 className="font-semibold text-ink">{emailOf(memberId)}</h4>
              <ul className="mt-2 flex flex-col gap-1">
                {overview.uploads
                  .filter((file) => file.uploadedBy === memberId)
                  .map((file) => (
                    <li key={file.id}>
                      <a href={contentUrl(file.id)} download className={LINK}>
                        {file.name}
                      </a>{" "}
                      <span className="text-muted">
                        {formatSize(file.size)} · {formatDate(file.createdAt)}
                      </span>
                    </li>
                  ))}
              </ul>
            </div>
          ))}
        </section>
      ) : null}
    </section>
  );
}
