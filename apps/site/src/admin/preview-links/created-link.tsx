import { useEffect, useId, useRef, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import type { CreatedPreviewLink } from "../api/drafts-api.ts";
import { formatTime } from "../items/item-summary.tsx";

/** The new link's address, shown this once (the store keeps no readable copy), and Copy. */
export function CreatedLink({ link, onDone }: { link: CreatedPreviewLink; onDone: () => void }) {
  const fieldId = useId();
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState("");

  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied("Copied.");
    } catch {
      field.current?.select();
      setCopied("Copying was refused: the address is selected, press Ctrl+C (or ⌘C) to copy it.");
    }
  }

  return (
    <section
      aria-label="New preview link"
      className="flex flex-col gap-3 rounded-xl border border-accent bg-accent-soft p-4 sm:p-5"
    >
      <p className="text-sm font-semibold">
        Copy the link now: it is shown only this once. It expires {formatTime(link.expiresAt)}.
      </p>
      <label htmlFor={fieldId} className="text-sm font-semibold">
        Preview link{link.label ? ` for ${link.label}` : ""}
      </label>
      <input
        id={fieldId}
        ref={field}
        readOnly
        value={link.url}
        className="h-11 w-full rounded-lg border border-line-strong bg-surface px-3 font-mono text-sm text-ink"
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button onClick={() => void copy()}>Copy link</Button>
        <Button variant="ghost" onClick={onDone}>
          Done
        </Button>
        <span role="status" className="text-sm">
          {copied}
        </span>
      </div>
    </section>
  );
}
