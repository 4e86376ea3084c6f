/**
 * @module One collection's drafts in the editor: the pending changes as loaded, and
 * "Save as draft", "Publish now", "Publish at…", "Unpublish at…" and "Discard draft". Each
 * action reloads the editor (`reload`), so it shows the live items with the drafts laid over.
 */
import type { EditorCollection } from "@consultant/site-content/editor";
import { type Dispatch, useCallback, useMemo, useRef, useState } from "react";
import { useFocusLater } from "../../components/ui/use-focus-later.ts";
import { createDraftsApi, type PendingChange } from "../api/drafts-api.ts";
import type { EditorApi } from "../api/editor-api.ts";
import { errorMessage } from "../api/store-errors.ts";
import type { EditorAction, Notice } from "../editor/editor-state.ts";
import { fieldIdForError } from "../forms/field-ids.ts";
import { formatTime } from "../items/item-summary.tsx";
import type { Draft } from "../model/draft.ts";
import { planDraftSave } from "../model/pending.ts";
import { validateDraft } from "../model/validate.ts";
import { useReviewed } from "../review/review-state.ts";
import { useScheduledRefresh } from "./use-scheduled-refresh.ts";

export type DraftsBusy = "keeping" | "publishing" | null;

export type Drafts = ReturnType<typeof useDrafts>;

export function useDrafts(
  api: EditorApi,
  { id, kind, onPage }: EditorCollection,
  dispatch: Dispatch<EditorAction>,
  reload: () => Promise<void>,
  /** Whether the form holds unsaved edits (a scheduled publish then leaves the form alone). */
  hasEdits: () => boolean = () => false,
) {
  const draftsApi = useMemo(() => createDraftsApi(api), [api]);
  const [changes, setChanges] = useState<PendingChange[]>([]);
  const [busy, setBusy] = useState<DraftsBusy>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const running = useRef(false);
  const focusLater = useFocusLater();
  const reviewed = useReviewed();

  /** The collection's pending changes, fresh from the store (the editor's load calls it). */
  const fetchChanges = useCallback(async () => {
    // Drafts are of the page's content; client resources are live for members at once.
    const list = onPage ? await draftsApi.changes(id) : [];
    setChanges(list);
    return list;
  }, [draftsApi, id, onPage]);

  // A scheduled change whose time has passed and that the store no longer holds went live.
  const followSchedule = async () => {
    const due = changes.filter(
      (change) => change.publishAt !== null && Date.parse(change.publishAt) <= Date.now(),
    );
    const list = await fetchChanges();
    const live = due.filter(
      (change) => !list.some((now) => now.itemId === change.itemId && now.kind === change.kind),
    );
    if (live.length === 0) return;
    if (!hasEdits()) await reload();
    const count = live.length === 1 ? "1 scheduled change" : `${live.length} scheduled changes`;
    setNotice({
      tone: "ok",
      text: hasEdits()
        ? `${count} went live on schedule. Save or discard your edits to see the live content.`
        : `${count} went live on schedule at ${formatTime(new Date().toISOString())}. The editor shows the live content.`,
    });
  };
  useScheduledRefresh(changes, followSchedule);

  async function act(kindOfWork: Exclude<DraftsBusy, null>, work: () => Promise<string | null>) {
    if (running.current) return;
    running.current = true;
    setBusy(kindOfWork);
    setNotice(null);
    try {
      const done = await work();
      if (done !== null) {
        await reload();
        setNotice({ tone: "ok", text: done });
      }
    } catch (error) {
      setNotice({ tone: "error", text: errorMessage(error) });
    } finally {
      running.current = false;
      setBusy(null);
    }
  }

  function saveAsDraft(draft: Draft) {
    const [first] = Object.keys(validateDraft(kind, draft));
    if (first) {
      dispatch({ type: "save refused" });
      focusLater(fieldIdForError(id, first));
      return;
    }
    void act("keeping", async () => {
      const plan = planDraftSave(kind, draft, changes);
      if (plan.changes.length === 0 && plan.discardPuts.length === 0) {
        setNotice({ tone: "info", text: "Nothing to keep as a draft: no changes." });
        return null;
      }
      if (plan.discardPuts.length > 0) await draftsApi.discard(id, plan.discardPuts, "put");
      if (plan.changes.length > 0) await draftsApi.save(id, plan.changes);
      const kept = `Kept as a draft at ${formatTime(new Date().toISOString())}.`;
      return reviewed
        ? `${kept} Send it for review when it is ready: visitors see it once the owner publishes it.`
        : `${kept} Visitors do not see it until you publish.`;
    });
  }

  function publishNow() {
    void act("publishing", async () => {
      const published = await draftsApi.publishNow(id);
      const count = published.length === 1 ? "1 change" : `${published.length} changes`;
      return `Published ${count}. The public page shows them on its next load.`;
    });
  }

  function publishAt(at: Date) {
    void act("publishing", async () => {
      const iso = at.toISOString();
      if (changes.some((change) => change.kind === "put")) await draftsApi.publishAt(id, iso);
      // The store schedules the puts; the draft's unscheduled removals go at the same time.
      for (const change of changes) {
        if (change.kind === "remove" && change.publishAt === null) {
          await draftsApi.unpublishAt(id, change.itemId, iso);
        }
      }
      return `Scheduled to go live ${formatTime(iso)}.`;
    });
  }

  function unpublishAt(itemId: string, name: string, at: Date) {
    void act("publishing", async () => {
      await draftsApi.unpublishAt(id, itemId, at.toISOString());
      return `${name} is scheduled to come off the page ${formatTime(at.toISOString())}.`;
    });
  }

  function discard() {
    if (!window.confirm("Discard the draft? Its changes are lost; the live page stays as it is."))
      return;
    void act("keeping", async () => {
      await draftsApi.discard(id);
      return "Draft discarded. The editor shows the live page's content.";
    });
  }

  /** After a live save: those items' drafts are superseded by what went live. */
  async function superseded(itemIds: readonly string[]): Promise<PendingChange[]> {
    const drafted = itemIds.filter((itemId) =>
      changes.some((change) => change.itemId === itemId && change.kind === "put"),
    );
    if (drafted.length === 0) return changes;
    await draftsApi.discard(id, drafted, "put");
    return fetchChanges();
  }

  return {
    api: draftsApi,
    changes,
    busy,
    notice,
    fetchChanges,
    saveAsDraft,
    publishNow,
    publishAt,
    unpublishAt,
    discard,
    superseded,
  };
}
