import type { ComponentProps } from "react";
import { cn } from "../../lib/cn.ts";

const VARIANTS = {
  primary: "bg-accent text-white hover:bg-accent-strong",
  secondary:
    "border border-line-strong bg-surface text-ink hover:border-accent hover:bg-accent-soft",
  ghost: "text-ink hover:bg-accent-soft",
  danger:
    "border border-line-strong bg-surface text-danger hover:border-danger hover:bg-danger-soft",
} as const;

const SIZES = { sm: "min-h-9 px-3 text-sm", md: "min-h-11 px-5 text-sm" } as const;

export type ButtonProps = ComponentProps<"button"> & {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
};

/**
 * Buttons stay focusable when unavailable (`aria-disabled`), so keyboard focus never falls
 * back to the page when, say, a row reaches the top and "Move up" stops applying.
 */
export function Button({
  variant = "secondary",
  size = "md",
  type = "button",
  className,
  onClick,
  "aria-disabled": ariaDisabled,
  ...props
}: ButtonProps) {
  const unavailable = ariaDisabled === true || ariaDisabled === "true";
  return (
    <button
      type={type}
      aria-disabled={unavailable || undefined}
      onClick={(event) => {
        if (unavailable) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
      className={cn(
        "inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-40",
        VARIANTS[variant],
        SIZES[size],
        className,
      )}
      {...props}
    />
  );
}
