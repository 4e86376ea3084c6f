import { buttonVariants } from "../../components/ui/button.tsx";
import { MemberPage } from "../../components/ui/member-page.tsx";
import { Notice } from "../../components/ui/notice.tsx";
import { ACCOUNT_PATH } from "../member-clients.ts";
import { greetingOf, newSince, ownerContactOf } from "./client-area-data.ts";
import { ClientBookingsSection } from "./client-bookings-section.tsx";
import { ClientFilesSection } from "./client-files-section.tsx";
import { OwnerContactCard } from "./owner-contact.tsx";
import type { SharedResource } from "./shared-resources.ts";
import { useClientDetails } from "./use-client-details.ts";
import { useSharedResources } from "./use-shared-resources.ts";

function SignInLink() {
  return (
    <a href={ACCOUNT_PATH} className={buttonVariants({ className: "self-start" })}>
      Sign in
    </a>
  );
}

function ResourceCard({ resource, isNew }: { resource: SharedResource; isNew: boolean }) {
  return (
    <li className="rounded-xl border border-line bg-surface p-5">
      <h3 className="flex flex-wrap items-center gap-3 font-serif text-xl font-semibold text-ink">
        {resource.title || "Untitled resource"}
        {isNew ? (
          <span className="rounded-full bg-accent-soft px-2.5 py-0.5 font-sans text-xs font-semibold text-accent-strong">
            New
          </span>
        ) : null}
      </h3>
      {resource.text ? (
        <p className="mt-2 whitespace-pre-line text-muted">{resource.text}</p>
      ) : null}
      {resource.href ? (
        <a
          href={resource.href}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-3 inline-block rounded font-semibold break-all text-accent underline underline-offset-4"
        >
          {resource.url}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : resource.url ? (
        <p className="mt-3 break-all text-muted">{resource.url}</p>
      ) : null}
    </li>
  );
}

/** `/client-area`: the client's greeting, what is new, their resources, the owner's contact. */
export function ClientAreaApp() {
  const state = useSharedResources();
  const details = useClientDetails();
  const fresh =
    state.kind === "ready" && details.me
      ? newSince(state.resources, details.lastVisit)
      : new Set<string>();
  return (
    <MemberPage title={greetingOf(details.me)}>
      <div className="flex flex-col gap-5" aria-busy={state.kind === "loading"}>
        {state.kind === "signed-out" ? (
          <>
            <p className="text-muted">Sign in to see the resources shared with you.</p>
            <SignInLink />
          </>
        ) : null}
        {state.kind === "loading" ? <p role="status">Loading your resources…</p> : null}
        {state.kind === "refused" ? (
          <>
            <Notice tone="error">Your sign-in has ended. Sign in again to continue.</Notice>
            <SignInLink />
          </>
        ) : null}
        {state.kind === "failed" ? (
          <Notice tone="error">
            Your resources could not be loaded. Reload the page to try again.
          </Notice>
        ) : null}
        {state.kind === "ready" && state.resources.length === 0 ? (
          <p className="text-muted">Nothing is shared with you yet.</p>
        ) : null}
        {state.kind === "ready" && state.resources.length > 0 ? (
          <section aria-labelledby="resources-title" className="flex flex-col gap-3">
            <h2 id="resources-title" className="font-serif text-2xl font-semibold text-ink">
              Your resources
            </h2>
            <p className="text-muted">
              {fresh.size === 0
                ? "Nothing new since your last visit."
                : `${fresh.size} new since your last visit.`}
            </p>
            <ul aria-label="Resources shared with you" className="flex flex-col gap-4">
              {state.resources.map((resource) => (
                <ResourceCard
                  key={resource.id}
                  resource={resource}
                  isNew={fresh.has(resource.id)}
                />
              ))}
            </ul>
          </section>
        ) : null}
        {state.kind === "ready" ? <ClientBookingsSection /> : null}
        {state.kind === "ready" ? (
          <OwnerContactCard contact={ownerContactOf(details.settings)} />
        ) : null}
        {state.kind === "ready" ? <ClientFilesSection /> : null}
        <p>
          <a
            href={ACCOUNT_PATH}
            className="rounded font-semibold text-accent underline underline-offset-4"
          >
            Your account
          </a>
        </p>
      </div>
    </MemberPage>
  );
}
