import { kindOf, SAMPLE_COLLECTIONS, type SampleCollection } from "@consultant/site-content";
import { EDITOR_COLLECTIONS } from "@consultant/site-content/editor";
import { useCallback, useEffect, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { AccountPanel } from "../account/account-panel.tsx";
import { AnalyticsPanel } from "../analytics/analytics-panel.tsx";
import type { EditorApi, StaffRole } from "../api/editor-api.ts";
import { BookingPanel } from "../booking/booking-panel.tsx";
import { FirstRunChecklist } from "../checklist/first-run-checklist.tsx";
import { FilesPanel } from "../files/files-panel.tsx";
import { MemberDirectoryContext, useMemberDirectoryState } from "../members/member-directory.ts";
import { MembersPanel } from "../members/members-panel.tsx";
import { MessagesPanel } from "../messages/messages-panel.tsx";
import { useNewMessages } from "../messages/use-new-messages.ts";
import { MailNotice } from "../notices/mail-notice.tsx";
import { PreviewLinksPanel } from "../preview-links/preview-links-panel.tsx";
import { ReviewPanel } from "../review/review-panel.tsx";
import { ReviewContext, useReviewState } from "../review/review-state.ts";
import { CollectionEditor } from "./collection-editor.tsx";
import { CollectionNav } from "./collection-nav.tsx";
import { useKeepAlive } from "./use-keep-alive.ts";
import {
  ACCOUNT_SECTION,
  ANALYTICS_SECTION,
  BOOKING_SECTION,
  FILES_SECTION,
  MEMBERS_SECTION,
  MESSAGES_SECTION,
  PREVIEW_LINKS_SECTION,
  REVIEW_SECTION,
  useHashTarget,
  useSelectedSection,
} from "./use-selected-section.ts";

export type EditorShellProps = {
  api: EditorApi;
  role: StaffRole;
  onSignOut: (everywhere?: boolean) => void;
};

/**
 * A collaborator edits content, not the site's settings (the store refuses those writes too);
 * while the owner reviews their changes, only the page's content, which has drafts.
 */
function collectionsFor(role: StaffRole, reviewed: boolean) {
  if (role === "owner") return EDITOR_COLLECTIONS;
  return EDITOR_COLLECTIONS.filter(
    (collection) => kindOf(collection.id) !== "settings" && (!reviewed || collection.onPage),
  );
}

/** The signed-in editor: header, navigation, one editor per collection, and the Members view. */
export function EditorShell({ api, role, onSignOut }: EditorShellProps) {
  const selected = useSelectedSection();
  const review = useReviewState(api, role, selected);
  const collections = collectionsFor(role, role === "editor" && (review.overview?.on ?? true));
  // Bumped per collection when the owner approves it: its editor loads the published content.
  const [approved, setApproved] = useState<Record<string, number>>({});
  useHashTarget();
  const directory = useMemberDirectoryState(api, role === "owner");
  const [dirty, setDirty] = useState<ReadonlySet<string>>(new Set());
  // Bumped when the sample content is removed: those collections' editors load again.
  const [sampleRound, setSampleRound] = useState(0);
  useKeepAlive(api);
  const [newMessages, recountMessages] = useNewMessages(api, role === "owner");

  const onDirtyChange = useCallback((collectionId: string, isDirty: boolean) => {
    setDirty((current) => {
      if (current.has(collectionId) === isDirty) return current;
      const next = new Set(current);
      if (isDirty) next.add(collectionId);
      else next.delete(collectionId);
      return next;
    });
  }, []);

  useEffect(() => {
    if (dirty.size === 0) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  function signOut(everywhere = false) {
    if (dirty.size > 0 && !window.confirm("You have unsaved changes. Sign out and lose them?"))
      return;
    onSignOut(everywhere);
  }

  return (
    <ReviewContext.Provider value={review}>
      <MemberDirectoryContext.Provider value={directory}>
        <div className="flex min-h-screen flex-col">
          <header className="sticky top-0 z-20 flex flex-wrap items-center justify-between gap-3 bg-deep px-4 py-3 text-white sm:px-6">
            <h1 className="font-serif text-xl font-semibold">Site editor</h1>
            <div className="flex items-center gap-2">
              <a
                href="/"
                target="_blank"
                rel="noopener"
                className="rounded-lg px-3 py-2 text-sm font-semibold underline-offset-4 hover:underline focus-visible:outline-white"
              >
                View the site<span className="sr-only"> (opens in a new tab)</span>
              </a>
              <Button size="xs" variant="outline" onClick={() => signOut()}>
                Sign out
              </Button>
            </div>
          </header>
          <div className="flex flex-1 flex-col lg:grid lg:grid-cols-[15rem_minmax(0,1fr)]">
            <CollectionNav
              selected={selected}
              dirty={dirty}
              collections={collections}
              showMembers={role === "owner"}
              newMessages={newMessages ?? 0}
              waitingReviews={
                review.overview?.requests.filter((request) => request.status === "waiting")
                  .length ?? 0
              }
              waitingMembers={
                directory.members.filter(
                  (member) =>
                    member.status === "PENDING" &&
                    member.reasons.includes("PENDING_ADMIN_APPROVAL_REQUIRED"),
                ).length
              }
            />
            <main className="flex min-w-0 flex-1 flex-col">
              {role === "owner" ? <MailNotice key={selected} api={api} /> : null}
              {role === "owner" ? (
                <FirstRunChecklist
                  api={api}
                  sampleEditsUnsaved={SAMPLE_COLLECTIONS.some((id) => dirty.has(id))}
                  onSampleRemoved={() => setSampleRound((round) => round + 1)}
                />
              ) : null}
              {collections.map((collection) => (
                <CollectionEditor
                  key={`${
                    SAMPLE_COLLECTIONS.includes(collection.id as SampleCollection)
                      ? `${collection.id}-${sampleRound}`
                      : collection.id
                  }-${approved[collection.id] ?? 0}`}
                  api={api}
                  collection={collection}
                  active={collection.id === selected}
                  onDirtyChange={onDirtyChange}
                />
              ))}
              <AnalyticsPanel api={api} role={role} active={selected === ANALYTICS_SECTION} />
              {role === "owner" ? (
                <MembersPanel api={api} active={selected === MEMBERS_SECTION} />
              ) : null}
              {role === "owner" ? (
                <BookingPanel api={api} active={selected === BOOKING_SECTION} />
              ) : null}
              {role === "owner" ? (
                <MessagesPanel
                  api={api}
                  active={selected === MESSAGES_SECTION}
                  onChanged={recountMessages}
                />
              ) : null}
              {role === "owner" ? (
                <ReviewPanel
                  api={api}
                  active={selected === REVIEW_SECTION}
                  onApproved={(collectionId) =>
                    setApproved((current) => ({
                      ...current,
                      [collectionId]: (current[collectionId] ?? 0) + 1,
                    }))
                  }
                />
              ) : null}
              {role === "owner" ? (
                <FilesPanel api={api} active={selected === FILES_SECTION} />
              ) : null}
              {role === "owner" ? (
                <PreviewLinksPanel api={api} active={selected === PREVIEW_LINKS_SECTION} />
              ) : null}
              <AccountPanel
                api={api}
                role={role}
                active={selected === ACCOUNT_SECTION}
                onSignOutEverywhere={() => signOut(true)}
              />
            </main>
          </div>
        </div>
      </MemberDirectoryContext.Provider>
    </ReviewContext.Provider>
  );
}
