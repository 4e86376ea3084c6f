import type { Picture, TextKey } from "@consultant/site-content";
import { useRef, useState } from "react";
import { PauseIcon, PlayIcon } from "../components/icons.tsx";
import { PageSection } from "../components/page-section.tsx";
import { SitePicture } from "../components/site-picture.tsx";
import { Button } from "../components/ui/button.tsx";
import { SectionHeading } from "../components/ui/section-heading.tsx";
import type { Words } from "../content/page-words.ts";
import { textOf } from "../content/text-marker.ts";
import { useInViewport } from "../hooks/use-in-viewport.ts";
import { useMarquee } from "../hooks/use-marquee.ts";
import { usePrefersReducedMotion } from "../hooks/use-prefers-reduced-motion.ts";

/** The strip repeats the logos so that it is always full while it scrolls. */
const REPEATS = [0, 1, 2];
/** The logos' height on small screens (h-12); 56 px (h-14) from `sm`. */
const LOGO_HEIGHT = 48;

export interface PreviousClientsSectionProps {
  logos: readonly Picture[];
  words: Words;
}

export function PreviousClientsSection({ logos, words }: PreviousClientsSectionProps) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const trackRef = useRef<HTMLDivElement>(null);
  const [hovered, setHovered] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  // Off screen the strip rests, which saves work and keeps it still for scroll anchoring.
  const onScreen = useInViewport(viewportRef);
  useMarquee(trackRef, onScreen && !hovered && !stopped && !reducedMotion);
  // Paused, the button says what it does next; a store without the Play text keeps the Pause
  // text and says "pressed" instead.
  const label: TextKey<"PageWords"> = stopped && words("PlayLogos") ? "PlayLogos" : "PauseLogos";

  return (
    <PageSection id="previous-clients" reveal="up" className="bg-surface border-y border-line">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <SectionHeading id="previous-clients-heading">
          <span {...textOf("PreviousClientsHeading")}>{words("PreviousClientsHeading")}</span>
        </SectionHeading>
        <Button
          variant="ghost"
          size="sm"
          aria-pressed={label === "PauseLogos" ? stopped : undefined}
          onClick={() => setStopped((value) => !value)}
          className="text-muted motion-reduce:hidden"
        >
          {stopped ? <PlayIcon /> : <PauseIcon />}
          <span {...textOf(label)}>{words(label)}</span>
        </Button>
      </div>
      {/* content-visibility: the strip is not drawn, nor its lazy logos requested, before it comes
          near the screen (the browser would otherwise fetch the first ones with the page). The
          placeholder height is the logos' height, so drawing it shifts nothing. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: hover only pauses decoration; the Pause logos button is the keyboard control */}
      <div
        ref={viewportRef}
        className="relative mt-12 overflow-hidden [mask-image:linear-gradient(to_right,transparent,black_8%,black_92%,transparent)] [content-visibility:auto] [contain-intrinsic-size:auto_3rem] sm:[contain-intrinsic-size:auto_3.5rem]"
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
      >
        <div ref={trackRef} data-logo-strip="" className="flex w-max will-change-transform">
          {REPEATS.map((repeat) => (
            <ul
              key={repeat}
              aria-hidden={repeat > 0 ? true : undefined}
              className="flex shrink-0 items-center"
            >
              {logos.map((logo) => (
                <li key={logo.id} className="shrink-0 px-6 sm:px-8">
                  <SitePicture
                    picture={logo}
                    sizes="224px"
                    height={LOGO_HEIGHT}
                    loading="lazy"
                    className="client-logo h-12 w-auto opacity-80 grayscale transition duration-300 hover:opacity-100 hover:grayscale-0 sm:h-14"
                  />
                </li>
              ))}
            </ul>
          ))}
        </div>
      </div>
    </PageSection>
  );
}
