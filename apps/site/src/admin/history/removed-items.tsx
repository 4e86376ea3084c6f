import type { Kind } from "@consultant/site-content";
import { useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import type { EditorApi, HistoryVersion } from "../api/editor-api.ts";
import { errorMessage } from "../api/store-errors.ts";
import { formatTime, summarize } from "../items/item-summary.tsx";
import type { ItemData } from "../model/item-data.ts";
import { useReviewed } from "../review/review-state.ts";

export type RemovedItemsProps = {
  api: EditorApi;
  collectionId: string;
  kind: Kind;
  /** Absent for a collection the page does not show: there is nothing to preview. */
  onPreview?: ((data: ItemData, label: string) => void) | undefined;
  onRestored: (item: ItemData) => void;
};

/** Items deleted by earlier saves, kept by the history: each can be brought back. */
export function RemovedItems({
  api,
  collectionId,
  kind,
  onPreview,
  onRestored,
}: RemovedItemsProps) {
  const [versions, setVersions] = useState<HistoryVersion[] | null>(null);
  const [error, setError] = useState("");
  // Bringing back goes live at once: a reviewed collaborator leaves it to the owner.
  const reviewed = useReviewed();

  async function load() {
    try {
      setVersions(await api.removed(collectionId));
    } catch (caught) {
      setError(errorMessage(caught));
    }
  }

  async function restore(version: HistoryVersion, label: string) {
    const where = onPreview ? "on the public page" : "to your clients";
    if (!window.confirm(`Bring back ${label}? It goes live ${where} at once.`)) return;
    try {
      const item = await api.restore(collectionId, version.itemId, version.versionId, null);
      setVersions((current) => (current ?? []).filter((entry) => entry.itemId !== version.itemId));
      onRestored(item);
    } catch (caught) {
      setError(errorMessage(caught));
    }
  }

  return (
    <details
      className="rounded-xl border border-line bg-surface p-4"
      onToggle={(event) => {
        if (event.currentTarget.open && versions === null) void load();
      }}
    >
      <summary className="cursor-pointer font-semibold">Deleted items</summary>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-danger">
          {error}
        </p>
      ) : null}
      {versions === null ? <p className="mt-2 text-sm text-muted">Loading…</p> : null}
      {versions?.length === 0 ? <p className="mt-2 text-sm text-muted">Nothing deleted.</p> : null}
      <ul className="mt-2 flex flex-col gap-2">
        {versions?.map((version) => {
          const label = summarize(kind, version.data);
          return (
            <li
              key={version.versionId}
              className="flex flex-wrap items-center justify-between gap-2 border-t border-line pt-2"
            >
              <span className="text-sm">
                {label}{" "}
                <span className="text-muted">(deleted {formatTime(version.replacedAt)})</span>
              </span>
              <span className="flex gap-2">
                {onPreview ? (
                  <Button
                    variant="outline"
                    size="xs"
                    aria-label={`Preview ${label}`}
                    onClick={() => onPreview(version.data, label)}
                  >
                    Preview
                  </Button>
                ) : null}
                {reviewed ? null : (
                  <Button
                    size="xs"
                    variant="primary"
                    aria-label={`Bring back ${label}`}
                    onClick={() => void restore(version, label)}
                  >
                    Bring back
                  </Button>
                )}
              </span>
            </li>
          );
        })}
      </ul>
    </details>
  );
}
