import { type FormEvent, useId, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { addDays, customProblem, PRESETS, type RangeChoice } from "./date-range.ts";

export type RangePickerProps = {
  choice: RangeChoice;
  /** The owner's date today (`YYYY-MM-DD`), the latest a custom range may end. */
  today: string;
  onChoose: (choice: RangeChoice) => void;
};

function presetId(choice: RangeChoice): string {
  if (choice.kind === "today") return "today";
  if (choice.kind === "days") return String(choice.days);
  return "custom";
}

/** Today, 7 / 30 / 365 days, or the owner's own first and last day. */
export function RangePicker({ choice, today, onChoose }: RangePickerProps) {
  const ids = useId();
  const current = presetId(choice);
  const [customOpen, setCustomOpen] = useState(choice.kind === "custom");
  const [from, setFrom] = useState(choice.kind === "custom" ? choice.from : "");
  const [to, setTo] = useState(choice.kind === "custom" ? choice.to : "");
  const [problem, setProblem] = useState("");

  function submit(event: FormEvent) {
    event.preventDefault();
    const why = customProblem(from, to, today);
    setProblem(why ?? "");
    if (why === null) onChoose({ kind: "custom", from, to });
  }

  return (
    <div className="flex flex-col gap-3">
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Range</legend>
        {PRESETS.map((preset) => (
          <Button
            key={preset.id}
            size="sm"
            variant={current === preset.id ? "primary" : "outline"}
            aria-pressed={current === preset.id}
            onClick={() => {
              setCustomOpen(false);
              onChoose(preset.choice);
            }}
          >
            {preset.label}
          </Button>
        ))}
        <Button
          size="sm"
          variant={current === "custom" ? "primary" : "outline"}
          aria-pressed={current === "custom"}
          aria-expanded={customOpen}
          aria-controls={`${ids}-custom`}
          onClick={() => {
            // The form opens on the last 7 days of the owner's calendar, the store's today.
            if (from === "") setFrom(addDays(today, -6));
            if (to === "") setTo(today);
            setCustomOpen((open) => !open);
          }}
        >
          Custom dates
        </Button>
      </fieldset>
      <form
        id={`${ids}-custom`}
        hidden={!customOpen}
        onSubmit={submit}
        noValidate
        className="flex flex-wrap items-end gap-3"
      >
        <TextField
          id={`${ids}-from`}
          label="First day"
          type="date"
          max={today}
          value={from}
          onChange={(event) => setFrom(event.target.value)}
        />
        <TextField
          id={`${ids}-to`}
          label="Last day"
          type="date"
          max={today}
          value={to}
          error={problem || undefined}
          onChange={(event) => setTo(event.target.value)}
        />
        <Button type="submit" size="md">
          Show these days
        </Button>
      </form>
    </div>
  );
}
