import { useState } from "react";
import type { DraftsApi, Publication } from "../api/drafts-api.ts";
import { errorMessage } from "../api/store-errors.ts";
import { formatTime } from "../items/item-summary.tsx";

export type PublicationsListProps = {
  drafts: DraftsApi;
  collectionId: string;
  /** An item's name in the editor, when it still has one. */
  nameOf: (itemId: string) => string;
};

/** Who published what, and when: "published on schedule" when nobody pressed the button. */
export function publicationText(publication: Publication, name: string): string {
  const what = publication.kind === "remove" ? `${name} came off the page` : `${name} went live`;
  const who = publication.publishedBy
    ? `published by ${publication.publishedBy}`
    : "published on schedule";
  const scheduled = publication.scheduledBy ? `, scheduled by ${publication.scheduledBy}` : "";
  return `${what}: ${who}${scheduled}.`;
}

/** The collection's publications, newest first, loaded when the owner opens the list. */
export function PublicationsList({ drafts, collectionId, nameOf }: PublicationsListProps) {
  const [publications, setPublications] = useState<Publication[] | null>(null);
  const [problem, setProblem] = useState("");

  function load() {
    drafts.publications(collectionId).then(
      (list) => {
        setPublications(list);
        setProblem("");
      },
      (error: unknown) => setProblem(errorMessage(error)),
    );
  }

  return (
    <details
      className="rounded-lg border border-line p-3"
      onToggle={(event) => {
        if (event.currentTarget.open) load();
      }}
    >
      <summary className="cursor-pointer text-sm font-semibold text-accent-strong">
        Published changes
      </summary>
      {problem ? (
        <p role="alert" className="mt-2 text-sm font-semibold text-danger">
          {problem}
        </p>
      ) : null}
      {publications === null && !problem ? (
        <p className="mt-2 text-sm text-muted">Loading…</p>
      ) : null}
      {publications?.length === 0 ? (
        <p className="mt-2 text-sm text-muted">Nothing published from a draft yet.</p>
      ) : null}
      {publications && publications.length > 0 ? (
        <ol aria-label="Published changes, newest first" className="mt-2 flex flex-col gap-2">
          {publications.map((publication) => (
            <li key={publication.id} className="text-sm">
              <time dateTime={publication.publishedAt} className="font-semibold">
                {formatTime(publication.publishedAt)}
              </time>{" "}
              {publicationText(publication, nameOf(publication.itemId))}
            </li>
          ))}
        </ol>
      ) : null}
    </details>
  );
}
