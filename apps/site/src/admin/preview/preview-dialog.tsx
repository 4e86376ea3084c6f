import { useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Dialog } from "../../components/ui/dialog.tsx";

const WIDTHS = [
  { label: "Desktop", width: "100%" },
  { label: "Tablet", width: "820px" },
  { label: "Phone", width: "390px" },
] as const;

export type PreviewDialogProps = { title: string; html: string; onClose: () => void };

/** The real page, rendered by the store with content that is not saved; nothing is written. */
export function PreviewDialog({ title, html, onClose }: PreviewDialogProps) {
  const [width, setWidth] = useState<string>(WIDTHS[0].width);
  return (
    <Dialog title={title} onClose={onClose} wide>
      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-muted">Nothing is saved by previewing.</p>
          <fieldset className="flex gap-1">
            <legend className="sr-only">Preview width</legend>
            {WIDTHS.map((option) => (
              <Button
                key={option.label}
                size="xs"
                variant={width === option.width ? "primary" : "ghost"}
                aria-pressed={width === option.width}
                onClick={() => setWidth(option.width)}
              >
                {option.label}
              </Button>
            ))}
          </fieldset>
        </div>
        <div className="overflow-x-auto rounded-lg border border-line bg-paper">
          <iframe
            title={title}
            srcDoc={html}
            // No scripts, forms or popups: the preview is the server-rendered page, shown as
            // is. Same origin only so its images and styles load under the editor's policy.
            sandbox="allow-same-origin"
            style={{ width }}
            className="mx-auto block h-[70vh] max-w-none border-0 bg-white"
          />
        </div>
      </div>
    </Dialog>
  );
}
