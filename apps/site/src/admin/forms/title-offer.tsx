import type { SiteSettings } from "@consultant/site-content";
import { Button } from "../../components/ui/button.tsx";

type NamedTexts = Pick<SiteSettings, "title" | "description">;

/** The page title and description with the owner's former name replaced by the new one. */
export function renamedTexts(settings: NamedTexts, from: string, to: string): NamedTexts {
  return {
    title: settings.title.replaceAll(from, to),
    description: settings.description.replaceAll(from, to),
  };
}

export interface TitleOfferProps {
  /** The name as the form opened (or as last carried over). */
  from: string;
  settings: SiteSettings;
  onAccept: (texts: NamedTexts) => void;
  onDecline: () => void;
}

/**
 * Offered under "Your name" once it changed while the page title still holds the former name:
 * the title (and the description, when it names the owner too) can follow in one click.
 */
export function TitleOffer({ from, settings, onAccept, onDecline }: TitleOfferProps) {
  const to = settings.name.trim();
  if (from.trim() === "" || to === "" || to === from || !settings.title.includes(from)) return null;
  const next = renamedTexts(settings, from, to);
  const withDescription = next.description !== settings.description;
  return (
    <div role="status" className="flex flex-col gap-3 rounded-lg bg-accent-soft p-3 text-sm">
      <p>
        Your former name is in the page title{withDescription ? " and description" : ""}. Use “
        {next.title}” as the title{withDescription ? ", and your new name in the description" : ""}?
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="xs" onClick={() => onAccept(next)}>
          Update the page title{withDescription ? " and description" : ""}
        </Button>
        <Button size="xs" variant="ghost" onClick={onDecline}>
          Keep them
        </Button>
      </div>
    </div>
  );
}
