import type { EditorCollection } from "@consultant/site-content/editor";
import { cn } from "../../lib/cn.ts";
import {
  ACCOUNT_SECTION,
  ANALYTICS_SECTION,
  BOOKING_SECTION,
  type EditorSection,
  FILES_SECTION,
  MEMBERS_SECTION,
  MESSAGES_SECTION,
  PREVIEW_LINKS_SECTION,
  REVIEW_SECTION,
} from "./use-selected-section.ts";

export type CollectionNavProps = {
  selected: EditorSection;
  dirty: ReadonlySet<string>;
  collections: readonly EditorCollection[];
  /** The owner sees Members; a collaborator does not. */
  showMembers: boolean;
  /** Members waiting for the owner's approval. */
  waitingMembers?: number;
  /** Contact messages not yet read. */
  newMessages?: number;
  /** Collections collaborators sent for the owner's review. */
  waitingReviews?: number;
};

// `relative`: the unsaved mark's screen-reader text is absolutely placed; without a positioned
// link it escapes the scrolling list and widens the whole page on a tablet.
const LINK =
  "relative flex items-center justify-between gap-3 rounded-lg px-3 py-2 text-sm font-semibold whitespace-nowrap";
const linkState = (current: boolean) =>
  current ? "bg-accent text-on-accent" : "text-ink hover:bg-accent-soft";

/** Every collection of the registry (a dot marks those with unsaved changes), then Analytics, Members… */
export function CollectionNav({
  selected,
  dirty,
  collections,
  showMembers,
  waitingMembers = 0,
  newMessages = 0,
  waitingReviews = 0,
}: CollectionNavProps) {
  return (
    <nav aria-label="Content" className="border-b border-line bg-surface lg:border-r lg:border-b-0">
      <ul className="flex gap-1 overflow-x-auto px-3 py-2 lg:sticky lg:top-16 lg:flex-col lg:px-3 lg:py-5">
        {collections.map((collection) => {
          const current = collection.id === selected;
          return (
            <li key={collection.id} className="shrink-0">
              <a
                href={`#${collection.id}`}
                aria-current={current ? "page" : undefined}
                className={cn(LINK, linkState(current))}
              >
                {collection.label}
                {dirty.has(collection.id) ? (
                  <span className="flex items-center gap-1 text-xs font-normal">
                    <span
                      aria-hidden="true"
                      className={cn("size-2 rounded-full", current ? "bg-on-accent" : "bg-accent")}
                    />
                    <span className="sr-only">(unsaved changes)</span>
                  </span>
                ) : null}
              </a>
            </li>
          );
        })}
        <li className="shrink-0 lg:mt-3 lg:border-t lg:border-line lg:pt-3">
          <a
            href={`#${ANALYTICS_SECTION}`}
            aria-current={selected === ANALYTICS_SECTION ? "page" : undefined}
            className={cn(LINK, linkState(selected === ANALYTICS_SECTION))}
          >
            Analytics
          </a>
        </li>
        {showMembers ? (
          <li className="shrink-0">
            <a
              href={`#${MEMBERS_SECTION}`}
              aria-current={selected === MEMBERS_SECTION ? "page" : undefined}
              className={cn(LINK, linkState(selected === MEMBERS_SECTION))}
            >
              Members
              {waitingMembers > 0 ? (
                <span className="rounded-full bg-warn-soft px-2 text-xs text-ink">
                  {waitingMembers} waiting
                </span>
              ) : null}
            </a>
          </li>
        ) : null}
        {showMembers ? (
          <li className="shrink-0">
            <a
              href={`#${BOOKING_SECTION}`}
              aria-current={selected === BOOKING_SECTION ? "page" : undefined}
              className={cn(LINK, linkState(selected === BOOKING_SECTION))}
            >
              Booking
            </a>
          </li>
        ) : null}
        {showMembers ? (
          <li className="shrink-0">
            <a
              href={`#${MESSAGES_SECTION}`}
              aria-current={selected === MESSAGES_SECTION ? "page" : undefined}
              className={cn(LINK, linkState(selected === MESSAGES_SECTION))}
            >
              Messages
              {newMessages > 0 ? (
                <span className="rounded-full bg-warn-soft px-2 text-xs text-ink">
                  {newMessages} new
                </span>
              ) : null}
            </a>
          </li>
        ) : null}
        {showMembers ? (
          <li className="shrink-0">
            <a
              href={`#${REVIEW_SECTION}`}
              aria-current={selected === REVIEW_SECTION ? "page" : undefined}
              className={cn(LINK, linkState(selected === REVIEW_SECTION))}
            >
              Review
              {waitingReviews > 0 ? (
                <span className="rounded-full bg-warn-soft px-2 text-xs text-ink">
                  {waitingReviews} waiting
                </span>
              ) : null}
            </a>
          </li>
        ) : null}
        {showMembers ? (
          <li className="shrink-0">
            <a
              href={`#${FILES_SECTION}`}
              aria-current={selected === FILES_SECTION ? "page" : undefined}
              className={cn(LINK, linkState(selected === FILES_SECTION))}
            >
              Files
            </a>
          </li>
        ) : null}
        {showMembers ? (
          <li className="shrink-0">
            <a
              href={`#${PREVIEW_LINKS_SECTION}`}
              aria-current={selected === PREVIEW_LINKS_SECTION ? "page" : undefined}
              className={cn(LINK, linkState(selected === PREVIEW_LINKS_SECTION))}
            >
              Preview links
            </a>
          </li>
        ) : null}
        <li className="shrink-0">
          <a
            href={`#${ACCOUNT_SECTION}`}
            aria-current={selected === ACCOUNT_SECTION ? "page" : undefined}
            className={cn(LINK, linkState(selected === ACCOUNT_SECTION))}
          >
            Account
          </a>
        </li>
      </ul>
    </nav>
  );
}
