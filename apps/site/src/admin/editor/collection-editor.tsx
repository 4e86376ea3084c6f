import type { Kind } from "@consultant/site-content";
import { type EditorCollection, KIND_ADAPTERS } from "@consultant/site-content/editor";
import {
  type ComponentType,
  type FormEvent,
  useCallback,
  useEffect,
  useRef,
  useState,
} from "react";
import { cn } from "../../lib/cn.ts";
import type { EditorApi, HistoryVersion } from "../api/editor-api.ts";
import { errorMessage, isSessionEnded } from "../api/store-errors.ts";
import { ConflictDialog } from "../conflict/conflict-dialog.tsx";
import { ClientsForm } from "../forms/clients-form.tsx";
import { fieldIdForError } from "../forms/field-ids.ts";
import { FormLockContext } from "../forms/form-lock.ts";
import type { CollectionFormProps } from "../forms/form-props.ts";
import { PicturesForm } from "../forms/pictures-form.tsx";
import { ResourcesForm } from "../forms/resources-form.tsx";
import { ServicesForm } from "../forms/services-form.tsx";
import { SettingsForm } from "../forms/settings-form.tsx";
import { TextItemsForm } from "../forms/text-items-form.tsx";
import { HistoryDialog } from "../history/history-dialog.tsx";
import { RemovedItems } from "../history/removed-items.tsx";
import { formatTime } from "../items/item-summary.tsx";
import { bringBackIntoConflicts, bringBackIntoDraft } from "../model/bring-back.ts";
import { type Draft, draftFromItems, rowFromItem } from "../model/draft.ts";
import { type ItemData, idOf, sameContent } from "../model/item-data.ts";
import { hasChanges, planSave, previewItems } from "../model/plan-save.ts";
import { type Conflict, keepMine, rebaseDraft, takeStored } from "../model/rebase.ts";
import { runSave } from "../model/run-save.ts";
import { validateDraft } from "../model/validate.ts";
import { PreviewDialog } from "../preview/preview-dialog.tsx";
import { useAnnounce } from "../ui/announcer.tsx";
import { Button } from "../ui/button.tsx";
import { useFocusLater } from "../ui/use-focus-later.ts";

export type CollectionEditorProps = {
  api: EditorApi;
  collection: EditorCollection;
  active: boolean;
  onDirtyChange: (collectionId: string, dirty: boolean) => void;
};

type Notice = { tone: "ok" | "error" | "info"; text: string };

/** The form of each kind. */
const FORMS: Record<Kind, ComponentType<CollectionFormProps>> = {
  texts: TextItemsForm,
  services: ServicesForm,
  clients: ClientsForm,
  resources: ResourcesForm,
  settings: SettingsForm,
  pictures: PicturesForm,
};

/** One collection: its form, its draft, and save, preview, discard, history and conflicts. */
export function CollectionEditor({
  api,
  collection,
  active,
  onDirtyChange,
}: CollectionEditorProps) {
  const { id, kind, label } = collection;
  const adapter = KIND_ADAPTERS[kind];
  const [status, setStatus] = useState<"loading" | "ready" | "failed">("loading");
  const [draft, setDraft] = useState<Draft>({ rows: [], removed: [] });
  const [showErrors, setShowErrors] = useState(false);
  const [conflicts, setConflicts] = useState<Conflict[]>([]);
  const [conflictsOpen, setConflictsOpen] = useState(false);
  const [busy, setBusy] = useState<"saving" | "preview" | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [preview, setPreview] = useState<{ title: string; html: string } | null>(null);
  const [historyKey, setHistoryKey] = useState<string | null>(null);
  const nextKey = useRef(0);
  const saving = useRef(false);
  const keptMine = useRef(false);
  const focusLater = useFocusLater();
  const announce = useAnnounce();

  const load = useCallback(async () => {
    setStatus("loading");
    try {
      setDraft(draftFromItems(kind, await api.collectionItems(id)));
      setConflicts([]);
      setShowErrors(false);
      setStatus("ready");
    } catch (error) {
      setStatus("failed");
      setNotice({ tone: "error", text: `Could not load ${label}: ${errorMessage(error)}` });
    }
  }, [api, id, kind, label]);

  useEffect(() => {
    void load();
  }, [load]);

  const dirty = status === "ready" && hasChanges(kind, draft);
  useEffect(() => onDirtyChange(id, dirty), [id, dirty, onDirtyChange]);

  const errors = validateDraft(kind, draft);
  const liveErrorCount = showErrors ? Object.keys(errors).length : 0;
  const shownNotice: Notice | null =
    liveErrorCount > 0
      ? {
          tone: "error",
          text: `Not saved: ${liveErrorCount === 1 ? "1 field needs" : `${liveErrorCount} fields need`} attention.`,
        }
      : notice;

  const change = useCallback((next: Draft) => {
    if (saving.current) return;
    setDraft(next);
  }, []);

  async function save(event?: FormEvent) {
    event?.preventDefault();
    await saveDraft(draft);
  }

  async function saveDraft(target: Draft) {
    if (saving.current) return;
    const errors = validateDraft(kind, target);
    const errorCount = Object.keys(errors).length;
    if (errorCount > 0) {
      setShowErrors(true);
      setNotice(null);
      const [first] = Object.keys(errors);
      if (first) focusLater(fieldIdForError(id, first));
      return;
    }
    const ops = planSave(kind, target);
    if (ops.length === 0) {
      setNotice({ tone: "info", text: "Nothing to save: no changes." });
      return;
    }
    setBusy("saving");
    saving.current = true;
    setNotice({ tone: "info", text: "Saving…" });
    try {
      const result = await runSave(api, id, ops);
      const rebased = rebaseDraft(kind, target, await api.collectionItems(id), result.failures);
      setDraft(rebased.draft);
      setShowErrors(false);
      setConflicts(rebased.conflicts);
      if (rebased.conflicts.length > 0) {
        setConflictsOpen(true);
        setNotice({
          tone: "error",
          text: "Some changes were not saved: a newer version exists. Choose which to keep.",
        });
      } else if (result.messages.length > 0) {
        setNotice({
          tone: "error",
          text: `Some changes were not saved: ${result.messages.join("; ")}`,
        });
      } else {
        setNotice({
          tone: "ok",
          text: `Saved at ${formatTime(new Date().toISOString())}. The public page shows it on its next load.`,
        });
        announce(`${label} saved`);
      }
    } catch (error) {
      setNotice({
        tone: "error",
        text: isSessionEnded(error)
          ? "Not saved: your session ended. Sign in again, then save; your changes are still here."
          : `Not saved: ${errorMessage(error)}. Your changes are still here.`,
      });
    } finally {
      saving.current = false;
      setBusy(null);
    }
  }

  async function showPreview(items: ItemData[], title: string) {
    setBusy("preview");
    try {
      setPreview({ title, html: await api.preview(id, items) });
    } catch (error) {
      setNotice({ tone: "error", text: `Preview failed: ${errorMessage(error)}` });
    } finally {
      setBusy(null);
    }
  }

  function previewVersion(data: ItemData, versionLabel: string) {
    const itemId = idOf(data);
    const stored = draft.rows.flatMap((row) => (row.base ? [row.base] : []));
    const replaced = stored.some((item) => idOf(item) === itemId);
    const items = replaced
      ? stored.map((item) => (idOf(item) === itemId ? data : item))
      : [...stored, data];
    void showPreview(items, `Preview of ${versionLabel}`);
  }

  function discard() {
    if (!window.confirm(`Discard your unsaved changes to ${label}?`)) return;
    void load().then(() => setNotice({ tone: "info", text: "Changes discarded." }));
  }

  function resolve(conflict: Conflict, choice: "mine" | "stored") {
    const next = choice === "mine" ? keepMine(draft, conflict) : takeStored(draft, conflict);
    const remaining = conflicts.filter((entry) => entry.rowKey !== conflict.rowKey);
    if (choice === "mine") keptMine.current = true;
    setDraft(next);
    setConflicts(remaining);
    if (remaining.length > 0) return;
    setConflictsOpen(false);
    if (keptMine.current && hasChanges(kind, next)) void saveDraft(next);
    else setNotice({ tone: "info", text: "Conflicts resolved: the stored versions are shown." });
    keptMine.current = false;
  }

  function restored(item: ItemData, version: HistoryVersion) {
    const restoredRow = rowFromItem(item);
    setDraft((current) => {
      const exists = current.rows.some((row) => row.id === restoredRow.id);
      return {
        ...current,
        rows: exists
          ? current.rows.map((row) => (row.id === restoredRow.id ? restoredRow : row))
          : [...current.rows, restoredRow],
      };
    });
    setHistoryKey(null);
    setNotice({
      tone: "ok",
      text: `Restored the version saved ${formatTime(version.savedAt)}. It is live now; the replaced version is in the history.`,
    });
    announce("Version restored");
  }

  const historyRow = draft.rows.find((row) => row.key === historyKey) ?? null;
  const Form = FORMS[kind];
  const formProps: CollectionFormProps = {
    api,
    collectionId: id,
    draft,
    errors: showErrors ? errors : {},
    onChange: change,
    onHistory: (row) => setHistoryKey(row.key),
    newKey: () => `new-${++nextKey.current}`,
  };

  return (
    <section
      hidden={!active}
      aria-labelledby={`heading-${id}`}
      className="flex min-h-full flex-col"
    >
      <form noValidate onSubmit={(event) => void save(event)} className="flex flex-1 flex-col">
        <div className="flex-1 px-4 py-6 sm:px-8">
          <h2 id={`heading-${id}`} className="font-serif text-2xl font-semibold sm:text-3xl">
            {label}
          </h2>
          <p className="mt-1 text-muted">{collection.description}</p>
          {conflicts.length > 0 && !conflictsOpen ? (
            <div
              role="alert"
              className="mt-4 flex flex-wrap items-center justify-between gap-2 rounded-lg bg-warn-soft p-3"
            >
              <span className="text-sm font-semibold">
                {conflicts.length === 1 ? "1 item has" : `${conflicts.length} items have`} a newer
                stored version.
              </span>
              <Button size="sm" onClick={() => setConflictsOpen(true)}>
                Compare versions
              </Button>
            </div>
          ) : null}
          <div className="mt-6" aria-busy={status === "loading" || busy === "saving"}>
            {status === "loading" ? <p className="text-muted">Loading…</p> : null}
            {status === "failed" ? (
              <Button onClick={() => void load()}>Try loading again</Button>
            ) : null}
            {status === "ready" ? (
              <FormLockContext.Provider value={busy === "saving"}>
                <div className="flex flex-col gap-6">
                  <Form {...formProps} />
                  {adapter.list ? (
                    <RemovedItems
                      api={api}
                      collectionId={id}
                      kind={kind}
                      onPreview={collection.onPage ? previewVersion : undefined}
                      onRestored={(item) => {
                        setDraft((current) => bringBackIntoDraft(current, item));
                        setConflicts((current) => bringBackIntoConflicts(current, item));
                        setNotice({ tone: "ok", text: "Brought back. It is live now." });
                      }}
                    />
                  ) : null}
                </div>
              </FormLockContext.Provider>
            ) : null}
          </div>
        </div>
        <div className="sticky bottom-0 z-10 flex flex-wrap items-center justify-between gap-3 border-t border-line bg-surface/95 px-4 py-3 backdrop-blur sm:px-8">
          <p
            role={shownNotice?.tone === "error" ? "alert" : "status"}
            className={cn(
              "min-w-0 flex-1 text-sm",
              shownNotice?.tone === "error" && "font-semibold text-danger",
              shownNotice?.tone === "ok" && "font-semibold text-accent-strong",
            )}
          >
            {shownNotice?.text ??
              (dirty ? "Unsaved changes." : status === "ready" ? "No unsaved changes." : "")}
          </p>
          <div className="flex flex-wrap gap-2">
            {collection.onPage ? (
              <Button
                aria-disabled={status !== "ready" || busy !== null}
                onClick={() =>
                  void showPreview(
                    previewItems(kind, draft),
                    `Preview of ${label} with your changes`,
                  )
                }
              >
                {busy === "preview" ? "Preparing…" : "Preview"}
              </Button>
            ) : null}
            <Button variant="ghost" aria-disabled={!dirty || busy !== null} onClick={discard}>
              Discard changes
            </Button>
            <Button
              type="submit"
              variant="primary"
              aria-disabled={status !== "ready" || busy !== null}
            >
              {busy === "saving" ? "Saving…" : "Save changes"}
            </Button>
          </div>
        </div>
      </form>
      {preview ? (
        <PreviewDialog title={preview.title} html={preview.html} onClose={() => setPreview(null)} />
      ) : null}
      {conflictsOpen && conflicts.length > 0 ? (
        <ConflictDialog
          kind={kind}
          conflicts={conflicts}
          onKeepMine={(conflict) => resolve(conflict, "mine")}
          onUseStored={(conflict) => resolve(conflict, "stored")}
          onClose={() => setConflictsOpen(false)}
        />
      ) : null}
      {historyRow ? (
        <HistoryDialog
          api={api}
          collectionId={id}
          kind={kind}
          row={historyRow}
          name={adapter.name(historyRow.data)}
          hasUnsavedChanges={!sameContent(historyRow.data, historyRow.base)}
          onPreview={collection.onPage ? previewVersion : undefined}
          onRestored={restored}
          onConflict={(stored) => {
            setHistoryKey(null);
            setConflicts([{ rowKey: historyRow.key, mine: historyRow.data, stored }]);
            setConflictsOpen(true);
          }}
          onClose={() => setHistoryKey(null)}
        />
      ) : null}
    </section>
  );
}
