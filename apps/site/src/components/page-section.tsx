import type { ComponentProps } from "react";
import { cn } from "../lib/cn.ts";
import { Reveal, type RevealDirection } from "./reveal.tsx";
import { Container } from "./ui/container.tsx";

export interface PageSectionProps extends ComponentProps<"section"> {
  id: string;
  reveal: RevealDirection;
  containerClassName?: string;
}

/**
 * A page section whose heading lands just below the fixed header when linked to: the negative
 * scroll margin cancels most of the top padding (html already reserves the header height).
 */
export function PageSection({
  id,
  reveal,
  className,
  containerClassName,
  children,
  ...props
}: PageSectionProps) {
  return (
    <Reveal direction={reveal}>
      <section
        id={id}
        aria-labelledby={`${id}-heading`}
        className={cn("-scroll-mt-14 py-20 md:-scroll-mt-20 md:py-28", className)}
        {...props}
      >
        <Container className={containerClassName}>{children}</Container>
      </section>
    </Reveal>
  );
}
