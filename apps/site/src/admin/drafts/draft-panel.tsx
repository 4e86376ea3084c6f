import { useEffect, useId, useRef, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { pendingByItem } from "../model/pending.ts";
import { useReviewed } from "../review/review-state.ts";
import { SendForReview } from "../review/send-for-review.tsx";
import { pendingNotes } from "./pending-badge.tsx";
import { PublicationsList } from "./publications-list.tsx";
import { ScheduleField } from "./schedule-field.tsx";
import type { Drafts } from "./use-drafts.ts";

export type DraftPanelProps = {
  collectionId: string;
  drafts: Drafts;
  /** Unsaved edits: publishing takes the kept draft, so those must be kept (or dropped) first. */
  dirty: boolean;
  /** Live items the owner may take off the page at a chosen time (list collections). */
  liveItems: { id: string; name: string }[];
  nameOf: (itemId: string) => string;
};

/** The collection's draft: what is pending, and publish now, at a time, or discard. */
export function DraftPanel({ collectionId, drafts, dirty, liveItems, nameOf }: DraftPanelProps) {
  const heading = useId();
  const hint = useId();
  const pending = [...pendingByItem(drafts.changes)];
  const unavailable = dirty || drafts.busy !== null;
  const [unpublishId, setUnpublishId] = useState("");
  const chosen = liveItems.find((item) => item.id === unpublishId) ?? liveItems[0];
  const headingRef = useRef<HTMLHeadingElement>(null);
  // A reviewed collaborator sends the draft to the owner instead of publishing it.
  const reviewed = useReviewed();

  // A published or discarded draft takes its buttons away: focus stays in the panel.
  useEffect(() => {
    if (drafts.notice && document.activeElement === document.body) headingRef.current?.focus();
  }, [drafts.notice]);

  return (
    <section
      aria-labelledby={heading}
      className="mt-4 flex flex-col gap-4 rounded-xl border border-line bg-surface p-4 sm:p-5"
    >
      <h3 id={heading} ref={headingRef} tabIndex={-1} className="font-semibold">
        {pending.length === 0
          ? "Drafts and publishing"
          : `Draft: ${pending.length === 1 ? "1 item" : `${pending.length} items`} not published`}
      </h3>
      {pending.length > 0 ? (
        <>
          <ul className="flex flex-col gap-1 text-sm">
            {pending.map(([itemId, changes]) => (
              <li key={itemId}>
                <span className="font-semibold">{nameOf(itemId)}</span>:{" "}
                {pendingNotes(changes).join(" · ")}
              </li>
            ))}
          </ul>
          <p className="text-sm text-muted">
            {reviewed
              ? "The editor shows the draft. “Save as draft” keeps your new edits in it."
              : "The editor shows the draft. “Save changes” makes only your new edits live: an item you edit goes live as shown, the rest of the draft stays a draft."}
          </p>
          {reviewed ? (
            <SendForReview collectionId={collectionId} dirty={dirty} hintId={hint}>
              <Button
                variant="danger"
                aria-disabled={drafts.busy !== null}
                onClick={drafts.discard}
              >
                Discard draft
              </Button>
            </SendForReview>
          ) : null}
          {dirty && !reviewed ? (
            <p id={hint} className="text-sm text-muted">
              You have unsaved changes: save them as a draft (or discard them) before publishing.
            </p>
          ) : null}
          {reviewed ? null : (
            <>
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="primary"
                  aria-disabled={unavailable}
                  aria-describedby={dirty ? hint : undefined}
                  onClick={drafts.publishNow}
                >
                  {drafts.busy === "publishing" ? "Publishing…" : "Publish now"}
                </Button>
                <Button
                  variant="danger"
                  aria-disabled={drafts.busy !== null}
                  onClick={drafts.discard}
                >
                  Discard draft
                </Button>
              </div>
              <ScheduleField
                name={`${collectionId}-publish-at`}
                label="Publish at"
                action="Schedule publishing"
                unavailable={unavailable}
                onSchedule={drafts.publishAt}
              />
            </>
          )}
        </>
      ) : (
        <p className="text-sm text-muted">
          {reviewed
            ? "No draft. “Save as draft” keeps your changes here; then send them for the owner's review."
            : "No draft. “Save as draft” keeps your changes here, unpublished, until you publish them."}
        </p>
      )}
      {liveItems.length > 0 && chosen && !reviewed ? (
        <details className="rounded-lg border border-line p-3">
          <summary className="cursor-pointer text-sm font-semibold text-accent-strong">
            Unpublish at a chosen time
          </summary>
          <div className="mt-3 flex flex-col gap-3">
            <div className="flex flex-col gap-1.5">
              <label htmlFor={`${collectionId}-unpublish-item`} className="text-sm font-semibold">
                Item to take off the page
              </label>
              <select
                id={`${collectionId}-unpublish-item`}
                value={chosen.id}
                onChange={(event) => setUnpublishId(event.target.value)}
                className="h-11 rounded-lg border border-line-strong bg-surface px-3 text-base text-ink"
              >
                {liveItems.map((item) => (
                  <option key={item.id} value={item.id}>
                    {item.name}
                  </option>
                ))}
              </select>
            </div>
            <ScheduleField
              name={`${collectionId}-unpublish-at`}
              label="Unpublish at"
              action="Schedule unpublishing"
              unavailable={drafts.busy !== null}
              onSchedule={(at) => drafts.unpublishAt(chosen.id, chosen.name, at)}
            />
          </div>
        </details>
      ) : null}
      <PublicationsList drafts={drafts.api} collectionId={collectionId} nameOf={nameOf} />
      {/* In the page from the start, so screen readers hear what each action did. */}
      <p role="status" className="text-sm font-semibold text-accent-strong empty:hidden">
        {drafts.notice && drafts.notice.tone !== "error" ? drafts.notice.text : ""}
      </p>
      {drafts.notice?.tone === "error" ? (
        <p role="alert" className="text-sm font-semibold text-danger">
          {drafts.notice.text}
        </p>
      ) : null}
    </section>
  );
}
