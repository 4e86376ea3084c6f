import type { ComponentProps } from "react";
import { cn } from "../../lib/cn.ts";

export function Card({ className, ...props }: ComponentProps<"article">) {
  return (
    <article
      data-slot="card"
      className={cn(
        "flex flex-col rounded-2xl border border-line bg-surface p-6 shadow-[0_1px_2px_rgb(27_36_34/0.04),0_8px_24px_-12px_rgb(27_36_34/0.12)] sm:p-8",
        className,
      )}
      {...props}
    />
  );
}

export function CardTitle({ className, ...props }: ComponentProps<"h3">) {
  return (
    <h3
      data-slot="card-title"
      className={cn("text-xl font-semibold tracking-tight text-ink", className)}
      {...props}
    />
  );
}

export function CardDescription({ className, ...props }: ComponentProps<"p">) {
  return <p data-slot="card-description" className={cn("mt-2 text-muted", className)} {...props} />;
}
