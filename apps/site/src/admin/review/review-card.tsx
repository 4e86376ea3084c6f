import { type Kind, kindOf } from "@consultant/site-content";
import { findCollection, KIND_ADAPTERS } from "@consultant/site-content/editor";
import { useId, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import type { EditorApi } from "../api/editor-api.ts";
import { errorMessage } from "../api/store-errors.ts";
import { TextField } from "../forms/text-field.tsx";
import { formatTime } from "../items/item-summary.tsx";
import { draftFromItems } from "../model/draft.ts";
import { type ItemData, idOf } from "../model/item-data.ts";
import { withPending } from "../model/pending.ts";
import { previewItems } from "../model/plan-save.ts";
import { changedFields } from "./change-diff.ts";
import type { ReviewRequest } from "./review-api.ts";

export type ReviewCardProps = {
  api: EditorApi;
  request: ReviewRequest;
  onApprove: () => Promise<void>;
  onSendBack: (note: string) => Promise<void>;
  onPreview: (title: string, html: string) => void;
};

/** One collection a collaborator sent: who, when, each item's changed texts, and the decision. */
export function ReviewCard({ api, request, onApprove, onSendBack, onPreview }: ReviewCardProps) {
  const { collectionId } = request;
  const kind = kindOf(collectionId as Parameters<typeof kindOf>[0]) as Kind;
  const label = findCollection(collectionId)?.label ?? collectionId;
  const heading = useId();
  const [noteOpen, setNoteOpen] = useState(false);
  const [note, setNote] = useState("");
  const [noteError, setNoteError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState("");

  async function run(work: () => Promise<void>) {
    if (busy) return;
    setBusy(true);
    setProblem("");
    try {
      await work();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  const preview = () =>
    run(async () => {
      const live = await api.collectionItems(collectionId);
      const draft = withPending(kind, draftFromItems(kind, live), request.changes);
      onPreview(
        `Preview of ${label} as sent`,
        await api.preview(collectionId, previewItems(kind, draft)),
      );
    });

  function sendBack() {
    if (note.trim() === "") {
      setNoteError("Say what should change before it goes live");
      document.getElementById(`${heading}-note`)?.focus();
      return;
    }
    void run(() => onSendBack(note.trim()));
  }

  const waiting = request.status === "waiting";
  return (
    <li
      aria-labelledby={heading}
      className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4 sm:p-5"
    >
      <div>
        <h3 id={heading} className="font-semibold">
          {label}
        </h3>
        <p className="text-sm text-muted">
          Sent by {request.sentBy}{" "}
          <time dateTime={request.sentAt}>{formatTime(request.sentAt)}</time>
          {waiting ? " · waiting for you" : " · sent back, waiting for the collaborator"}
        </p>
      </div>
      <ul aria-label={`What changes in ${label}`} className="flex flex-col gap-3">
        {request.changes.map((change) => {
          const live = request.live.find((item) => idOf(item) === change.itemId) ?? null;
          const after = change.kind === "put" ? change.data : null;
          const name = KIND_ADAPTERS[kind].name((after ?? live ?? {}) as ItemData) || "An entry";
          const what = after === null ? "taken off the page" : live === null ? "new" : "changed";
          return (
            <li
              key={`${change.itemId}-${change.kind}`}
              className="rounded-lg border border-line p-3"
            >
              <p className="text-sm font-semibold">
                {name} <span className="font-normal text-muted">({what})</span>
              </p>
              <dl className="mt-2 grid gap-2 text-sm">
                {changedFields(live, after).map((field) => (
                  <div key={field.field} className="grid gap-1">
                    <dt className="text-muted">{field.field}</dt>
                    <dd className="grid gap-1 sm:grid-cols-2">
                      <span className="rounded bg-danger-soft px-2 py-1 break-words">
                        <span className="block text-xs font-semibold">Now on the page</span>
                        {field.before || "(empty)"}
                      </span>
                      <span className="rounded bg-accent-soft px-2 py-1 break-words">
                        <span className="block text-xs font-semibold">After approval</span>
                        {field.after || "(empty)"}
                      </span>
                    </dd>
                  </div>
                ))}
              </dl>
            </li>
          );
        })}
      </ul>
      {request.note && !waiting ? (
        <p className="text-sm">
          Your note: <span className="whitespace-pre-line">“{request.note}”</span>
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" aria-disabled={busy} onClick={() => void preview()}>
          Preview on the page
        </Button>
        {waiting ? (
          <>
            <Button aria-disabled={busy} onClick={() => void run(onApprove)}>
              Approve and publish
            </Button>
            <Button
              variant="ghost"
              aria-expanded={noteOpen}
              aria-disabled={busy}
              onClick={() => setNoteOpen((open) => !open)}
            >
              Send back…
            </Button>
          </>
        ) : null}
      </div>
      {waiting && noteOpen ? (
        <div className="flex flex-col gap-3 rounded-lg bg-warn-soft p-3">
          <TextField
            id={`${heading}-note`}
            label="Note for the collaborator"
            hint="What should change before it goes live. The draft stays as it is."
            value={note}
            max={2000}
            multiline
            rows={3}
            required
            error={noteError}
            onChange={(value) => {
              setNote(value);
              setNoteError(undefined);
            }}
          />
          <div>
            <Button variant="outline" aria-disabled={busy} onClick={sendBack}>
              Send back with this note
            </Button>
          </div>
        </div>
      ) : null}
      {problem ? (
        <p role="alert" className="text-sm font-semibold text-danger">
          {problem}
        </p>
      ) : null}
    </li>
  );
}
