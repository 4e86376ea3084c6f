import { type ReactNode, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { errorMessage } from "../api/store-errors.ts";
import { formatTime } from "../items/item-summary.tsx";
import { useReviewContext, useReviewRequest } from "./review-state.ts";

export type SendForReviewProps = {
  collectionId: string;
  /** Unsaved edits: what is sent is the kept draft, so those must be kept first. */
  dirty: boolean;
  hintId: string;
  /** Shown beside "Send for review" (the draft's Discard). */
  children?: ReactNode;
};

/**
 * A reviewed collaborator's draft: where it stands (waiting, or sent back with the owner's
 * note) and "Send for review".
 */
export function SendForReview({ collectionId, dirty, hintId, children }: SendForReviewProps) {
  const review = useReviewContext();
  const request = useReviewRequest(collectionId);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState("");

  async function send() {
    if (busy || dirty || review === null) return;
    setBusy(true);
    setProblem("");
    try {
      await review.api.send(collectionId);
      await review.refresh();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  const waiting = request?.status === "waiting";
  return (
    <div className="flex flex-col gap-3">
      {waiting ? (
        <p role="status" className="rounded-lg bg-accent-soft px-3 py-2 text-sm">
          Sent for review {formatTime(request.sentAt)}. The owner publishes it or sends it back with
          a note; until then the public page stays as it is.
        </p>
      ) : null}
      {request?.status === "returned" ? (
        <div className="rounded-lg bg-warn-soft px-3 py-2 text-sm">
          <p className="font-semibold">
            The owner sent this back
            {request.decidedAt ? ` ${formatTime(request.decidedAt)}` : ""}:
          </p>
          <p className="mt-1 whitespace-pre-line">“{request.note}”</p>
          <p className="mt-1">Change the draft, save it, and send it again.</p>
        </div>
      ) : null}
      {!waiting ? (
        <p id={hintId} className="text-sm text-muted">
          {dirty
            ? "You have unsaved changes: save them as a draft (or discard them) before sending."
            : "The owner reviews collaborators' changes: send the draft, and the owner publishes it."}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          variant={waiting ? "outline" : "primary"}
          aria-disabled={busy || dirty}
          aria-describedby={waiting ? undefined : hintId}
          onClick={() => void send()}
        >
          {busy ? "Sending…" : waiting ? "Send the latest draft again" : "Send for review"}
        </Button>
        {children}
      </div>
      {problem ? (
        <p role="alert" className="text-sm font-semibold text-danger">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
