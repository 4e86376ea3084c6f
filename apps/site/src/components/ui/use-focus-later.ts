import { useCallback, useEffect, useRef } from "react";

/**
 * Moves focus to an element by id after the next render: rows that move, appear or go away
 * re-render first, and focus must land on what the owner is working with.
 */
export function useFocusLater(): (id: string) => void {
  const pending = useRef<string | null>(null);
  useEffect(() => {
    if (pending.current === null) return;
    const element = document.getElementById(pending.current);
    pending.current = null;
    element?.focus();
  });
  return useCallback((id: string) => {
    pending.current = id;
  }, []);
}
