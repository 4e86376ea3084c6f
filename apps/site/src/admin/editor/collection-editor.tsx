import type { Kind } from "@consultant/site-content";
import { type EditorCollection, KIND_ADAPTERS } from "@consultant/site-content/editor";
import { type ComponentType, useCallback, useEffect, useReducer, useRef } from "react";
import { useAnnounce } from "../../components/ui/announcer.tsx";
import { Button } from "../../components/ui/button.tsx";
import type { EditorApi } from "../api/editor-api.ts";
import { errorMessage } from "../api/store-errors.ts";
import { ConflictDialog } from "../conflict/conflict-dialog.tsx";
import { DraftPanel } from "../drafts/draft-panel.tsx";
import { PendingContext } from "../drafts/pending-badge.tsx";
import { useDrafts } from "../drafts/use-drafts.ts";
import { ClientsForm } from "../forms/clients-form.tsx";
import { FormLockContext } from "../forms/form-lock.ts";
import type { CollectionFormProps } from "../forms/form-props.ts";
import { PicturesForm } from "../forms/pictures-form.tsx";
import { ResourcesForm } from "../forms/resources-form.tsx";
import { ServicesForm } from "../forms/services-form.tsx";
import { SettingsForm } from "../forms/settings-form.tsx";
import { TextItemsForm } from "../forms/text-items-form.tsx";
import { HistoryDialog } from "../history/history-dialog.tsx";
import { RemovedItems } from "../history/removed-items.tsx";
import { type Draft, draftFromItems } from "../model/draft.ts";
import { type ItemData, idOf, sameContent } from "../model/item-data.ts";
import { hasDraftChanges, itemNames, pendingByItem, withPending } from "../model/pending.ts";
import { previewItems } from "../model/plan-save.ts";
import type { Conflict } from "../model/rebase.ts";
import { validateDraft } from "../model/validate.ts";
import { PreviewDialog } from "../preview/preview-dialog.tsx";
import { useReviewed } from "../review/review-state.ts";
import { editorReducer, initialEditorState, shownNotice } from "./editor-state.ts";
import { SaveBar } from "./save-bar.tsx";
import { useCollectionSave } from "./use-collection-save.ts";

export type CollectionEditorProps = {
  api: EditorApi;
  collection: EditorCollection;
  active: boolean;
  onDirtyChange: (collectionId: string, dirty: boolean) => void;
};

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
  const [state, dispatch] = useReducer(editorReducer, kind, initialEditorState);
  const { status, draft, showErrors, conflicts, conflictsOpen, busy, preview } = state;
  const nextKey = useRef(0);
  const announce = useAnnounce();
  // After a draft action the form stays in place (and keeps focus) while the items reload.
  const hasEdits = useRef(false);
  const drafts = useDrafts(
    api,
    collection,
    dispatch,
    () => load(true),
    useCallback(() => hasEdits.current, []),
  );
  const { fetchChanges } = drafts;
  const saveDraft = useCollectionSave(api, collection, dispatch, drafts);
  // A reviewed collaborator keeps drafts only: the owner publishes them (the store insists).
  const reviewed = useReviewed();

  // The editor shows the live items with the kept draft laid over them.
  const load = useCallback(
    async (quietly = false) => {
      if (!quietly) dispatch({ type: "load started" });
      try {
        const [items, changes] = await Promise.all([api.collectionItems(id), fetchChanges()]);
        dispatch({
          type: "loaded",
          draft: withPending(kind, draftFromItems(kind, items), changes),
        });
      } catch (error) {
        dispatch({ type: "load failed", text: `Could not load ${label}. ${errorMessage(error)}` });
      }
    },
    [api, id, kind, label, fetchChanges],
  );

  useEffect(() => {
    void load();
  }, [load]);

  const dirty = status === "ready" && hasDraftChanges(kind, draft, drafts.changes);
  hasEdits.current = dirty;
  useEffect(() => onDirtyChange(id, dirty), [id, dirty, onDirtyChange]);

  const errors = validateDraft(kind, draft);
  const change = useCallback((next: Draft) => dispatch({ type: "changed", draft: next }), []);

  async function showPreview(items: ItemData[], title: string) {
    dispatch({ type: "preview started" });
    try {
      dispatch({ type: "preview ready", title, html: await api.preview(id, items) });
    } catch (error) {
      dispatch({ type: "preview failed", text: errorMessage(error) });
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
    void load().then(() => dispatch({ type: "discarded" }));
  }

  function resolve(conflict: Conflict, choice: "mine" | "stored") {
    const action = { type: "conflict resolved", conflict, choice } as const;
    const next = editorReducer(state, action);
    dispatch(action);
    if (next.saveAgain) void saveDraft(next.draft);
  }

  const historyRow = draft.rows.find((row) => row.key === state.historyKey) ?? null;
  const Form = FORMS[kind];
  const formProps: CollectionFormProps = {
    api,
    collectionId: id,
    draft,
    errors: showErrors ? errors : {},
    onChange: change,
    onHistory: (row) => dispatch({ type: "history shown", rowKey: row.key }),
    newKey: () => `new-${++nextKey.current}`,
  };

  return (
    <section
      hidden={!active}
      aria-labelledby={`heading-${id}`}
      className="flex min-h-full flex-col"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (reviewed) drafts.saveAsDraft(draft);
          else void saveDraft(draft);
        }}
        className="flex flex-1 flex-col"
      >
        <div className="flex-1 px-4 py-6 sm:px-8">
          <h2 id={`heading-${id}`} className="font-serif text-2xl font-semibold sm:text-3xl">
            {label}
          </h2>
          <p className="mt-1 text-muted">{collection.description}</p>
          {status === "ready" && collection.onPage ? (
            <DraftPanel
              collectionId={id}
              drafts={drafts}
              dirty={dirty}
              {...itemNames(kind, draft, drafts.changes)}
            />
          ) : null}
          {conflicts.length > 0 && !conflictsOpen ? (
            <div
              role="alert"
              className="mt-4 flex flex-wrap items-center justify-between gap-2 rounded-lg bg-warn-soft p-3"
            >
              <span className="text-sm font-semibold">
                {conflicts.length === 1 ? "1 item has" : `${conflicts.length} items have`} a newer
                stored version.
              </span>
              <Button
                variant="outline"
                size="xs"
                onClick={() => dispatch({ type: "conflicts shown", open: true })}
              >
                Compare versions
              </Button>
            </div>
          ) : null}
          <div className="mt-6" aria-busy={status === "loading" || busy === "saving"}>
            {status === "loading" ? <p className="text-muted">Loading…</p> : null}
            {status === "failed" ? (
              <Button variant="outline" onClick={() => void load()}>
                Try loading again
              </Button>
            ) : null}
            {status === "ready" ? (
              <FormLockContext.Provider value={busy === "saving" || drafts.busy === "keeping"}>
                <PendingContext.Provider value={pendingByItem(drafts.changes)}>
                  <div className="flex flex-col gap-6">
                    <Form {...formProps} />
                    {adapter.list ? (
                      <RemovedItems
                        api={api}
                        collectionId={id}
                        kind={kind}
                        onPreview={collection.onPage ? previewVersion : undefined}
                        onRestored={(item) => dispatch({ type: "brought back", item })}
                      />
                    ) : null}
                  </div>
                </PendingContext.Provider>
              </FormLockContext.Provider>
            ) : null}
          </div>
        </div>
        <SaveBar
          notice={shownNotice(state, Object.keys(errors).length)}
          status={status}
          busy={busy}
          dirty={dirty}
          onPreview={
            collection.onPage
              ? () =>
                  void showPreview(
                    previewItems(kind, draft),
                    `Preview of ${label} with your changes`,
                  )
              : undefined
          }
          onDiscard={discard}
          onSaveDraft={collection.onPage ? () => drafts.saveAsDraft(draft) : undefined}
          keeping={drafts.busy === "keeping"}
          draftsOnly={reviewed}
        />
      </form>
      {preview ? (
        <PreviewDialog
          title={preview.title}
          html={preview.html}
          onClose={() => dispatch({ type: "preview closed" })}
        />
      ) : null}
      {conflictsOpen && conflicts.length > 0 ? (
        <ConflictDialog
          kind={kind}
          conflicts={conflicts}
          onKeepMine={(conflict) => resolve(conflict, "mine")}
          onUseStored={(conflict) => resolve(conflict, "stored")}
          onClose={() => dispatch({ type: "conflicts shown", open: false })}
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
          onRestored={(item, version) => {
            dispatch({ type: "restored", item, savedAt: version.savedAt });
            announce("Version restored");
          }}
          onConflict={(stored) =>
            dispatch({
              type: "history conflict",
              conflict: { rowKey: historyRow.key, mine: historyRow.data, stored },
            })
          }
          onClose={() => dispatch({ type: "history shown", rowKey: null })}
        />
      ) : null}
    </section>
  );
}
