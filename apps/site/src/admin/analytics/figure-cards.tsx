import { cn } from "../../lib/cn.ts";
import { changeOf } from "./figures.ts";

export type FigureCard = {
  label: string;
  /** The figure as it reads ("1,204", "2 min 5 s", "3.4 %"). */
  value: string;
  current: number;
  previous: number;
  /** The previous period's figure as it reads. */
  previousValue: string;
};

const ARROWS = { up: "↑", down: "↓", same: "→", new: "↑" } as const;

/** The headline figures, each with how it moved against the period before. */
export function FigureCards({
  cards,
  previousLabel,
}: {
  cards: readonly FigureCard[];
  previousLabel: string;
}) {
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
      {cards.map((card) => {
        const change = changeOf(card.current, card.previous);
        return (
          <div
            key={card.label}
            className="flex min-w-0 flex-col gap-1 rounded-xl border border-line bg-surface p-4"
          >
            <dt className="text-sm font-semibold text-muted">{card.label}</dt>
            <dd className="font-serif text-2xl font-semibold text-ink tabular-nums">
              {card.value}
            </dd>
            <dd className={cn("text-xs text-muted")}>
              <span aria-hidden="true">{ARROWS[change.direction]} </span>
              {change.text}
              <span className="sr-only">
                {" "}
                on {previousLabel} ({card.previousValue})
              </span>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
