import { useId, useState } from "react";
import { useAnnounce } from "../../components/ui/announcer.tsx";
import type { EditorApi } from "../api/editor-api.ts";
import { errorMessage } from "../api/store-errors.ts";
import { PreviewDialog } from "../preview/preview-dialog.tsx";
import { ReviewCard } from "./review-card.tsx";
import { useReviewContext } from "./review-state.ts";

export type ReviewPanelProps = {
  api: EditorApi;
  active: boolean;
  /** The collection's draft went live: its editor loads again. */
  onApproved: (collectionId: string) => void;
};

/** The owner's review: the setting, and what collaborators sent, to approve or send back. */
export function ReviewPanel({ api, active, onApproved }: ReviewPanelProps) {
  const review = useReviewContext();
  const heading = useId();
  const settingId = useId();
  const announce = useAnnounce();
  const [preview, setPreview] = useState<{ title: string; html: string } | null>(null);
  const [problem, setProblem] = useState("");
  const [notice, setNotice] = useState("");

  if (!active || review === null) return null;
  const { overview } = review;

  async function toggle(on: boolean) {
    if (review === null) return;
    setProblem("");
    try {
      await review.api.setOn(on);
      await review.refresh();
      announce(on ? "Review is on" : "Review is off");
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }

  const done = async (text: string) => {
    await review.refresh();
    setNotice(text);
  };

  return (
    <section aria-labelledby={heading} className="flex flex-col gap-6 px-4 py-6 sm:px-8">
      <div>
        <h2 id={heading} className="font-serif text-2xl font-semibold">
          Review
        </h2>
        <p className="mt-1 text-muted">
          Changes your collaborators send you. Nothing here is on the public page until you approve
          it.
        </p>
      </div>
      <div className="flex items-start gap-3 rounded-xl border border-line bg-surface p-4">
        <input
          id={settingId}
          type="checkbox"
          className="mt-1 size-5 accent-accent"
          checked={overview?.on ?? true}
          disabled={overview === null}
          onChange={(event) => void toggle(event.target.checked)}
        />
        <label htmlFor={settingId} className="text-sm">
          <span className="font-semibold">Collaborators' changes wait for my review</span>
          <span className="block text-muted">
            On: collaborators save drafts and send them to you; only you publish. Off: they publish
            and schedule their own changes.
          </span>
        </label>
      </div>
      {problem ? (
        <p role="alert" className="rounded-lg bg-danger-soft px-4 py-3 text-sm text-danger">
          {problem}
        </p>
      ) : null}
      <p role="status" className="text-sm font-semibold text-accent-strong empty:hidden">
        {notice}
      </p>
      {overview === null ? <p>Loading…</p> : null}
      {overview?.requests.length === 0 ? (
        <p className="text-muted">Nothing waits for your review.</p>
      ) : null}
      {overview && overview.requests.length > 0 ? (
        <ul aria-label="Sent for review" className="grid gap-4">
          {overview.requests.map((request) => (
            <ReviewCard
              key={request.collectionId}
              api={api}
              request={request}
              onPreview={(title, html) => setPreview({ title, html })}
              onApprove={async () => {
                const published = await review.api.approve(request.collectionId);
                onApproved(request.collectionId);
                const count = published.length === 1 ? "1 change" : `${published.length} changes`;
                await done(
                  `Approved: ${count} published. The public page shows them on its next load.`,
                );
              }}
              onSendBack={async (note) => {
                await review.api.sendBack(request.collectionId, note);
                await done(`Sent back to ${request.sentBy} with your note.`);
              }}
            />
          ))}
        </ul>
      ) : null}
      {preview ? (
        <PreviewDialog title={preview.title} html={preview.html} onClose={() => setPreview(null)} />
      ) : null}
    </section>
  );
}
