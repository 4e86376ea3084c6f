import { type RefObject, useEffect, useRef } from "react";
import { advanceMarqueeOffset, marqueeTransform } from "./marquee-offset.ts";

/**
 * Moves `trackRef` leftward with requestAnimationFrame while `running`. The offset lives in a
 * ref and is written straight to the inline transform, so the page does not re-render per frame
 * and an end-to-end test can read the current position from the style.
 */
export function useMarquee(trackRef: RefObject<HTMLElement | null>, running: boolean) {
  const offsetRef = useRef(0);

  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    // Written here, not rendered: an inline style attribute in the server's HTML would need
    // 'unsafe-inline' in the page's CSP.
    track.style.transform = marqueeTransform(offsetRef.current);
    if (!running || typeof requestAnimationFrame === "undefined") return;
    let last: number | undefined;
    let frame = requestAnimationFrame(function tick(now) {
      if (last !== undefined) {
        offsetRef.current = advanceMarqueeOffset(offsetRef.current, now - last);
        track.style.transform = marqueeTransform(offsetRef.current);
      }
      last = now;
      frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [trackRef, running]);
}
