import { type ReactNode, useEffect, useId, useRef } from "react";
import { cn } from "../../lib/cn.ts";
import { Button } from "./button.tsx";

export type DialogProps = {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons at the bottom. */
  footer?: ReactNode;
  wide?: boolean;
};

/** A modal dialog on the native element: focus stays inside, Escape closes, the page is inert. */
export function Dialog({ title, onClose, children, footer, wide = false }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) {
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
    }
    return () => {
      if (typeof dialog.close === "function" && dialog.open) dialog.close();
      opener?.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCloseRef.current();
      }}
      className={cn(
        "m-auto max-h-[92vh] w-[calc(100vw-1.5rem)] flex-col rounded-2xl border border-line bg-surface p-0 text-ink shadow-2xl open:flex",
        wide ? "max-w-6xl" : "max-w-2xl",
      )}
    >
      <div className="flex items-start justify-between gap-4 border-b border-line px-5 py-4">
        <h2 id={titleId} className="font-serif text-xl font-semibold">
          {title}
        </h2>
        <Button variant="ghost" size="xs" onClick={onClose}>
          Close
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
      {footer ? (
        <div className="flex flex-wrap justify-end gap-2 border-t border-line px-5 py-3">
          {footer}
        </div>
      ) : null}
    </dialog>
  );
}
