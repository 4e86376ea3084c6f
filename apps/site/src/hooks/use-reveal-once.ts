import { type RefObject, useEffect, useState } from "react";

const REVEAL_THRESHOLD = 0.1;

export interface RevealOnceOptions {
  threshold?: number;
  /** When false nothing is observed and the result stays false. */
  enabled?: boolean;
}

/** True once the element has been at least `threshold` visible; never turns false again. */
export function useRevealOnce(
  ref: RefObject<Element | null>,
  { threshold = REVEAL_THRESHOLD, enabled = true }: RevealOnceOptions = {},
) {
  const [revealed, setRevealed] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element || !enabled || revealed) return;
    if (typeof IntersectionObserver === "undefined") {
      setRevealed(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting && entry.intersectionRatio >= threshold)) {
          setRevealed(true);
          observer.disconnect();
        }
      },
      { threshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, enabled, revealed, threshold]);

  return revealed;
}
