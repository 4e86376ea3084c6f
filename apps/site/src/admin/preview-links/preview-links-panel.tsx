import { useCallback, useEffect, useId, useMemo, useState } from "react";
import { useAnnounce } from "../../components/ui/announcer.tsx";
import { Button } from "../../components/ui/button.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { type CreatedPreviewLink, createDraftsApi, type PreviewLink } from "../api/drafts-api.ts";
import type { EditorApi } from "../api/editor-api.ts";
import { errorMessage } from "../api/store-errors.ts";
import { formatTime } from "../items/item-summary.tsx";
import { CreatedLink } from "./created-link.tsx";

const EXPIRIES = [
  { hours: 24, label: "1 day" },
  { hours: 72, label: "3 days" },
  { hours: 168, label: "1 week" },
  { hours: 720, label: "30 days" },
] as const;

export type PreviewLinksPanelProps = { api: EditorApi; active: boolean };

/** Secret links that show the page with the drafts: create, copy once, list, revoke. */
export function PreviewLinksPanel({ api, active }: PreviewLinksPanelProps) {
  const drafts = useMemo(() => createDraftsApi(api), [api]);
  const announce = useAnnounce();
  const heading = useId();
  const expiryId = useId();
  const [links, setLinks] = useState<PreviewLink[] | null>(null);
  const [created, setCreated] = useState<CreatedPreviewLink | null>(null);
  const [label, setLabel] = useState("");
  const [hours, setHours] = useState(168);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState("");

  const load = useCallback(() => {
    drafts.previewLinks().then(
      (list) => {
        setLinks(list);
        setProblem("");
      },
      (error: unknown) => setProblem(errorMessage(error)),
    );
  }, [drafts]);

  useEffect(() => {
    if (active) load();
  }, [active, load]);

  async function create() {
    if (busy) return;
    setBusy(true);
    setProblem("");
    try {
      const link = await drafts.createPreviewLink(label, hours);
      setCreated(link);
      setLabel("");
      load();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  async function revoke(link: PreviewLink) {
    const name = link.label || "this preview link";
    if (!window.confirm(`Revoke ${name}? Anyone who has it can no longer open the preview.`))
      return;
    try {
      await drafts.revokePreviewLink(link.id);
      if (created?.id === link.id) setCreated(null);
      announce(`${name} is revoked.`);
      load();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }

  if (!active) return null;
  return (
    <section aria-labelledby={heading} className="flex flex-col gap-6 px-4 py-6 sm:px-8">
      <div>
        <h2 id={heading} className="font-serif text-2xl font-semibold">
          Preview links
        </h2>
        <p className="mt-1 text-muted">
          A preview link shows the page with your drafts to whoever has it, until it expires or you
          revoke it. Visitors of the site do not see the drafts.
        </p>
      </div>
      {problem ? (
        <p role="alert" className="rounded-lg bg-danger-soft px-4 py-3 text-sm text-danger">
          {problem}
        </p>
      ) : null}
      <form
        noValidate
        className="flex flex-col gap-4 rounded-xl border border-line bg-surface p-4 sm:p-5"
        onSubmit={(event) => {
          event.preventDefault();
          void create();
        }}
      >
        <h3 className="font-semibold">New preview link</h3>
        <TextField
          name="preview-link-label"
          label="Label (optional)"
          hint="Who it is for, so you know which to revoke."
          maxLength={100}
          value={label}
          onChange={(event) => setLabel(event.target.value)}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={expiryId} className="text-sm font-semibold text-ink">
            Expires after
          </label>
          <select
            id={expiryId}
            value={hours}
            onChange={(event) => setHours(Number(event.target.value))}
            className="h-11 rounded-lg border border-line-strong bg-surface px-3 text-base text-ink"
          >
            {EXPIRIES.map((expiry) => (
              <option key={expiry.hours} value={expiry.hours}>
                {expiry.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <Button type="submit" aria-disabled={busy}>
            {busy ? "Creating…" : "Create link"}
          </Button>
        </div>
      </form>
      {created ? <CreatedLink link={created} onDone={() => setCreated(null)} /> : null}
      <div className="flex flex-col gap-3">
        <h3 className="font-semibold">Live links</h3>
        {links === null && !problem ? <p>Loading preview links…</p> : null}
        {links?.length === 0 ? <p className="text-muted">No live preview links.</p> : null}
        {links && links.length > 0 ? (
          <ul aria-label="Live preview links" className="grid gap-3">
            {links.map((link) => (
              <li
                key={link.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line bg-surface p-4"
              >
                <div className="min-w-0">
                  <p className="font-semibold break-words">{link.label || "Preview link"}</p>
                  <p className="text-sm text-muted">
                    Created {formatTime(link.createdAt)} by {link.createdBy} · expires{" "}
                    <time dateTime={link.expiresAt}>{formatTime(link.expiresAt)}</time>
                  </p>
                </div>
                <Button
                  size="sm"
                  variant="danger"
                  aria-label={`Revoke ${link.label || "the preview link"}`}
                  onClick={() => void revoke(link)}
                >
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
