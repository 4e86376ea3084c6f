import { type ReactNode, useRef } from "react";
import { useRevealOnce } from "../hooks/use-reveal-once.ts";
import { cn } from "../lib/cn.ts";

export type RevealDirection = "left" | "right" | "up";

export interface RevealProps {
  direction: RevealDirection;
  /**
   * For content visible on arrival (the hero): slide in with a CSS animation as the page paints,
   * instead of waiting for JavaScript, so server-rendered content is not held back by hydration.
   * The motion is a transform only: the content is opaque from the first paint, so it counts as
   * painted at once (an element that fades in from transparent delays the largest paint).
   */
  onFirstPaint?: boolean;
  className?: string;
  children: ReactNode;
}

/** Slides its content in once when 10 % of it is visible; styles live in index.css (.reveal). */
export function Reveal({ direction, onFirstPaint = false, className, children }: RevealProps) {
  const ref = useRef<HTMLDivElement>(null);
  const revealed = useRevealOnce(ref, { enabled: !onFirstPaint });
  return (
    <div
      ref={ref}
      className={cn("reveal", className)}
      data-reveal={direction}
      data-revealed={revealed || onFirstPaint ? "true" : "false"}
      data-reveal-on-first-paint={onFirstPaint ? "" : undefined}
    >
      {children}
    </div>
  );
}
