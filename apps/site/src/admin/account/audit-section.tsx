import { useCallback, useEffect, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import type { AuditEntry, EditorApi } from "../api/editor-api.ts";
import { errorMessage } from "../api/store-errors.ts";

/** The owner's audit log in plain sentences: who did what, when and from where, newest first. */
export function AuditSection({ api }: { api: EditorApi }) {
  const [entries, setEntries] = useState<AuditEntry[]>([]);
  const [next, setNext] = useState<number | null>(null);
  const [error, setError] = useState<string | undefined>();

  const load = useCallback(
    (before: number | null) => {
      api.audit(before).then(
        (page) => {
          setEntries((shown) => (before === null ? page.entries : [...shown, ...page.entries]));
          setNext(page.next);
        },
        (caught: unknown) => setError(errorMessage(caught)),
      );
    },
    [api],
  );
  useEffect(() => load(null), [load]);

  return (
    <div className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
      <h3 className="font-semibold">Audit log</h3>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      {entries.length === 0 ? <p className="text-sm">No changes recorded yet.</p> : null}
      <ul aria-label="Audit log" className="flex flex-col gap-1 text-sm">
        {entries.map((entry) => (
          <li key={entry.seq}>
            <span className="text-ink">{entry.sentence}</span>{" "}
            <span className="text-muted">
              {new Date(entry.at).toLocaleString()}
              {entry.address ? ` · from ${entry.address}` : ""}
            </span>
          </li>
        ))}
      </ul>
      <div className="flex gap-2">
        <Button size="sm" variant="outline" onClick={() => load(null)}>
          Refresh
        </Button>
        {next === null ? null : (
          <Button size="sm" variant="outline" onClick={() => load(next)}>
            Older entries
          </Button>
        )}
      </div>
    </div>
  );
}
