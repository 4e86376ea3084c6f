import { type RefObject, useEffect } from "react";

/** While `active`, Escape or a pointer press outside `containerRef` calls the matching handler. */
export function useDismiss(
  active: boolean,
  containerRef: RefObject<HTMLElement | null>,
  { onEscape, onOutside }: { onEscape: () => void; onOutside: () => void },
) {
  useEffect(() => {
    if (!active) return;
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") onEscape();
    };
    const handlePointerDown = (event: PointerEvent) => {
      const container = containerRef.current;
      if (container && event.target instanceof Node && !container.contains(event.target)) {
        onOutside();
      }
    };
    document.addEventListener("keydown", handleKeyDown);
    document.addEventListener("pointerdown", handlePointerDown);
    return () => {
      document.removeEventListener("keydown", handleKeyDown);
      document.removeEventListener("pointerdown", handlePointerDown);
    };
  }, [active, containerRef, onEscape, onOutside]);
}
