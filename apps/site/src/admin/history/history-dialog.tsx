import type { Kind } from "@consultant/site-content";
import { useCallback, useEffect, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Dialog } from "../../components/ui/dialog.tsx";
import type { EditorApi, HistoryVersion } from "../api/editor-api.ts";
import { conflictingItem, errorMessage, isConflict } from "../api/store-errors.ts";
import { formatTime, ItemSummary, summarize } from "../items/item-summary.tsx";
import type { Row } from "../model/draft.ts";
import { type ItemData, versionOf } from "../model/item-data.ts";
import { useReviewed } from "../review/review-state.ts";

export type HistoryDialogProps = {
  api: EditorApi;
  collectionId: string;
  kind: Kind;
  row: Row;
  /** The item's name in the editor ("Main title", "“Growth Strategy”"). */
  name: string;
  hasUnsavedChanges: boolean;
  /** Absent for a collection the page does not show: there is nothing to preview. */
  onPreview?: ((data: ItemData, label: string) => void) | undefined;
  onRestored: (item: ItemData, version: HistoryVersion) => void;
  onConflict: (stored: ItemData | null) => void;
  onClose: () => void;
};

/** An item's earlier versions, newest first: preview any of them on the page, or restore it. */
export function HistoryDialog(props: HistoryDialogProps) {
  const { api, collectionId, kind, row, name, onPreview, onClose } = props;
  const [versions, setVersions] = useState<HistoryVersion[]>([]);
  const [nextBefore, setNextBefore] = useState<number | null>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  const [error, setError] = useState("");
  const [restoring, setRestoring] = useState<number | null>(null);
  // The version the owner asked to restore: it goes live only once they confirm.
  const [asked, setAsked] = useState<number | null>(null);
  const itemId = row.id ?? "";
  // A restore goes live at once: a reviewed collaborator leaves it to the owner.
  const reviewed = useReviewed();

  const load = useCallback(
    async (before?: number) => {
      try {
        const page = await api.history(collectionId, itemId, before);
        setVersions((current) =>
          before === undefined ? page.versions : [...current, ...page.versions],
        );
        setNextBefore(page.nextBefore);
        setState("ready");
      } catch (caught) {
        setState("failed");
        setError(errorMessage(caught));
      }
    },
    [api, collectionId, itemId],
  );

  useEffect(() => {
    void load();
  }, [load]);

  async function restore(version: HistoryVersion) {
    setAsked(null);
    setRestoring(version.versionId);
    setError("");
    try {
      const item = await api.restore(collectionId, itemId, version.versionId, versionOf(row.base));
      props.onRestored(item, version);
    } catch (caught) {
      if (isConflict(caught)) {
        props.onConflict(conflictingItem(caught));
        return;
      }
      setError(errorMessage(caught));
    } finally {
      setRestoring(null);
    }
  }

  const current = row.base;
  return (
    <Dialog title={`History of ${name}`} onClose={onClose} wide>
      {current ? (
        <section aria-label="Current version" className="rounded-lg bg-accent-soft/60 p-3">
          <h3 className="text-sm font-semibold">
            Current version
            {versionOf(current) ? `, saved ${formatTime(versionOf(current) ?? "")}` : ""}
          </h3>
          <div className="mt-1 text-sm">
            <ItemSummary kind={kind} data={current} />
          </div>
        </section>
      ) : null}
      {error ? (
        <p
          role="alert"
          className="mt-3 rounded-lg bg-danger-soft p-3 text-sm font-semibold text-danger"
        >
          {error}
        </p>
      ) : null}
      {reviewed ? (
        <p className="mt-3 text-sm text-muted">
          The owner reviews your changes, so restoring is theirs: copy what you need from an earlier
          version into your draft.
        </p>
      ) : null}
      {state === "loading" ? <p className="mt-4 text-muted">Loading the history…</p> : null}
      {state === "ready" && versions.length === 0 ? (
        <p className="mt-4 text-muted">
          No earlier versions yet. Each save keeps the version it replaces.
        </p>
      ) : null}
      <ol className="mt-4 flex flex-col gap-3" aria-label="Earlier versions, newest first">
        {versions.map((version) => {
          const label = `the version saved ${formatTime(version.savedAt)}`;
          return (
            <li key={version.versionId} className="rounded-lg border border-line p-3">
              <p className="text-sm font-semibold">
                Saved <time dateTime={version.savedAt}>{formatTime(version.savedAt)}</time>
                <span className="font-normal text-muted">
                  {" · "}
                  {version.change === "removed" ? "removed" : "replaced"}{" "}
                  <time dateTime={version.replacedAt}>{formatTime(version.replacedAt)}</time>
                </span>
              </p>
              <p className="mt-1 text-sm text-muted">{summarize(kind, version.data)}</p>
              <div className="mt-2 flex flex-wrap gap-2">
                {onPreview ? (
                  <Button
                    variant="outline"
                    size="xs"
                    aria-label={`Preview ${label}`}
                    onClick={() => onPreview(version.data, label)}
                  >
                    Preview on the page
                  </Button>
                ) : null}
                {reviewed ? null : (
                  <Button
                    size="xs"
                    variant="primary"
                    aria-label={`Restore ${label}`}
                    aria-expanded={asked === version.versionId}
                    aria-disabled={restoring !== null}
                    onClick={() => {
                      if (restoring === null) setAsked(version.versionId);
                    }}
                  >
                    {restoring === version.versionId ? "Restoring…" : "Restore"}
                  </Button>
                )}
              </div>
              {asked === version.versionId ? (
                <RestoreQuestion
                  live={onPreview ? "on the public page" : "to your clients"}
                  shown={summarize(kind, version.data)}
                  replaced={current ? summarize(kind, current) : null}
                  unsaved={props.hasUnsavedChanges ? name : null}
                  onRestore={() => void restore(version)}
                  onCancel={() => setAsked(null)}
                />
              ) : null}
            </li>
          );
        })}
      </ol>
      {nextBefore !== null ? (
        <Button variant="outline" className="mt-3" onClick={() => void load(nextBefore)}>
          Show older versions
        </Button>
      ) : null}
    </Dialog>
  );
}

/** Restore asks first: what goes live, and where, at once (no draft). */
function RestoreQuestion({
  live,
  shown,
  replaced,
  unsaved,
  onRestore,
  onCancel,
}: {
  live: string;
  shown: string;
  replaced: string | null;
  /** The item's name when the form holds unsaved changes to it (they are replaced too). */
  unsaved: string | null;
  onRestore: () => void;
  onCancel: () => void;
}) {
  return (
    <fieldset aria-label="Restore this version?" className="mt-3 rounded-lg bg-warn-soft p-3">
      <p className="text-sm font-semibold">Restore this version? It goes live {live} at once:</p>
      <p className="mt-1 text-sm break-words">{shown}</p>
      {replaced !== null ? (
        <p className="mt-1 text-sm break-words text-muted">It replaces: {replaced}</p>
      ) : null}
      {unsaved !== null ? (
        <p className="mt-1 text-sm font-semibold text-danger">
          Your unsaved changes to {unsaved} are replaced too.
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap gap-2">
        <Button size="xs" variant="primary" onClick={onRestore}>
          Restore and publish
        </Button>
        <Button size="xs" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </fieldset>
  );
}
