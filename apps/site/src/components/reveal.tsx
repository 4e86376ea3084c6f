import { type ReactNode, useRef } from "react";
import { useRevealOnce } from "../hooks/use-reveal-once.ts";
import { cn } from "../lib/cn.ts";

export type RevealDirection = "left" | "right" | "up";

export interface RevealProps {
  direction: RevealDirection;
  className?: string;
  children: ReactNode;
}

/** Slides its content in once when 10 % of it is visible; styles live in index.css (.reveal). */
export function Reveal({ direction, className, children }: RevealProps) {
  const ref = useRef<HTMLDivElement>(null);
  const revealed = useRevealOnce(ref);
  return (
    <div
      ref={ref}
      className={cn("reveal", className)}
      data-reveal={direction}
      data-revealed={revealed ? "true" : "false"}
    >
      {children}
    </div>
  );
}
