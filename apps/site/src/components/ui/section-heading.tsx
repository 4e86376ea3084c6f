import type { ComponentProps } from "react";
import { cn } from "../../lib/cn.ts";

export function SectionHeading({ className, children, ...props }: ComponentProps<"h2">) {
  return (
    <h2
      data-slot="section-heading"
      className={cn(
        "flex items-center gap-4 text-xl font-bold tracking-[0.08em] text-ink uppercase sm:text-3xl",
        className,
      )}
      {...props}
    >
      <span
        aria-hidden="true"
        className="h-0.5 w-6 shrink-0 sm:w-8 rounded-full bg-current opacity-40"
      />
      {children}
    </h2>
  );
}
