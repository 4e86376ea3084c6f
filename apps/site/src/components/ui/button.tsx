import type { ComponentProps } from "react";
import { cn } from "../../lib/cn.ts";

const BASE =
  "inline-flex shrink-0 items-center justify-center gap-2 rounded-full font-semibold whitespace-nowrap transition-colors duration-200 disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-40 [&_svg]:size-4 [&_svg]:shrink-0";

const VARIANTS = {
  primary: "bg-accent text-on-accent shadow-sm shadow-accent/20 hover:bg-accent-strong",
  outline:
    "border border-line-strong bg-surface text-ink hover:border-accent hover:bg-accent-soft hover:text-accent-strong",
  ghost: "text-ink hover:bg-accent-soft hover:text-accent-strong",
  danger:
    "border border-line-strong bg-surface text-danger hover:border-danger hover:bg-danger-soft",
} as const;

const SIZES = {
  xs: "min-h-9 px-3 text-sm",
  sm: "h-10 px-4 text-sm",
  md: "min-h-11 px-5 text-sm",
  lg: "h-12 px-7 text-base",
} as const;

export interface ButtonVariantOptions {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
  className?: string;
}

/** The button look, for links that should look like buttons too. */
export function buttonVariants({
  variant = "primary",
  size = "md",
  className,
}: ButtonVariantOptions = {}): string {
  return cn(BASE, VARIANTS[variant], SIZES[size], className);
}

export type ButtonProps = ComponentProps<"button"> & ButtonVariantOptions;

/**
 * Buttons stay focusable when unavailable (`aria-disabled`), so keyboard focus never falls
 * back to the page when, say, a row reaches the top and "Move up" stops applying.
 */
export function Button({
  variant,
  size,
  className,
  type = "button",
  onClick,
  "aria-disabled": ariaDisabled,
  ...props
}: ButtonProps) {
  const unavailable = ariaDisabled === true || ariaDisabled === "true";
  return (
    <button
      data-slot="button"
      type={type}
      aria-disabled={unavailable || undefined}
      onClick={unavailable ? (event) => event.preventDefault() : onClick}
      className={buttonVariants({ variant, size, className })}
      {...props}
    />
  );
}
