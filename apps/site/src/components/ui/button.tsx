import type { ComponentProps } from "react";
import { cn } from "../../lib/cn.ts";

const BASE =
  "inline-flex shrink-0 items-center justify-center gap-2 rounded-full font-semibold whitespace-nowrap transition-colors duration-200 disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0";

const VARIANTS = {
  primary: "bg-accent text-on-accent shadow-sm shadow-accent/20 hover:bg-accent-strong",
  outline:
    "border border-line-strong bg-surface text-ink hover:border-accent hover:bg-accent-soft hover:text-accent-strong",
  ghost: "text-ink hover:bg-accent-soft hover:text-accent-strong",
} as const;

const SIZES = {
  sm: "h-10 px-4 text-sm",
  md: "h-11 px-5 text-sm",
  lg: "h-12 px-7 text-base",
} as const;

export interface ButtonVariantOptions {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
  className?: string;
}

export function buttonVariants({
  variant = "primary",
  size = "md",
  className,
}: ButtonVariantOptions = {}): string {
  return cn(BASE, VARIANTS[variant], SIZES[size], className);
}

export type ButtonProps = ComponentProps<"button"> & ButtonVariantOptions;

export function Button({ variant, size, className, type = "button", ...props }: ButtonProps) {
  return (
    <button
      data-slot="button"
      type={type}
      className={buttonVariants({ variant, size, className })}
      {...props}
    />
  );
}
