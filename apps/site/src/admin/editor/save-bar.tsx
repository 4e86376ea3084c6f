import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../lib/cn.ts";
import type { EditorState, Notice } from "./editor-state.ts";

type SaveBarProps = {
  notice: Notice | null;
  status: EditorState["status"];
  busy: EditorState["busy"];
  dirty: boolean;
  /** Absent for collections the page does not show. */
  onPreview?: () => void;
  onDiscard: () => void;
  /** Keeps the changes as a draft (PUT /admin/api/drafts) instead of saving them live. */
  /** Absent for collections the page does not show (their changes are for members at once). */
  onSaveDraft?: (() => void) | undefined;
  /** A "Save as draft" is running. */
  keeping: boolean;
  /** A reviewed collaborator: nothing goes live from here, "Save as draft" is the save. */
  draftsOnly?: boolean;
};

/** The editor's sticky bottom bar: what happened last, and Preview, Discard, Save as draft and Save. */
export function SaveBar({
  notice,
  status,
  busy,
  dirty,
  onPreview,
  onDiscard,
  onSaveDraft,
  keeping,
  draftsOnly = false,
}: SaveBarProps) {
  const unavailable = status !== "ready" || busy !== null || keeping;
  return (
    <div className="sticky bottom-0 z-10 flex flex-wrap items-center justify-between gap-3 border-t border-line bg-surface/95 px-4 py-3 backdrop-blur sm:px-8">
      <p
        role={notice?.tone === "error" ? "alert" : "status"}
        className={cn(
          "min-w-0 flex-1 text-sm",
          notice?.tone === "error" && "font-semibold text-danger",
          notice?.tone === "ok" && "font-semibold text-accent-strong",
        )}
      >
        {notice?.text ??
          (dirty ? "Unsaved changes." : status === "ready" ? "No unsaved changes." : "")}
      </p>
      <div className="flex flex-wrap gap-2">
        {onPreview ? (
          <Button
            variant="outline"
            aria-disabled={status !== "ready" || busy !== null}
            onClick={onPreview}
          >
            {busy === "preview" ? "Preparing…" : "Preview"}
          </Button>
        ) : null}
        <Button variant="ghost" aria-disabled={!dirty || busy !== null} onClick={onDiscard}>
          Discard changes
        </Button>
        {onSaveDraft && !draftsOnly ? (
          <Button variant="outline" aria-disabled={unavailable} onClick={onSaveDraft}>
            {keeping ? "Keeping…" : "Save as draft"}
          </Button>
        ) : null}
        {/* A reviewed collaborator's submit keeps a draft (collection-editor.tsx). */}
        <Button type="submit" variant="primary" aria-disabled={unavailable}>
          {draftsOnly
            ? keeping
              ? "Keeping…"
              : "Save as draft"
            : busy === "saving"
              ? "Saving…"
              : "Save changes"}
        </Button>
      </div>
    </div>
  );
}
