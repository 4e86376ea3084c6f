import { useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { TextField } from "../../components/ui/text-field.tsx";

export type ScheduleFieldProps = {
  /** Unique on the page (every collection's editor is rendered). */
  name: string;
  label: string;
  action: string;
  unavailable: boolean;
  onSchedule: (at: Date) => void;
};

/** `YYYY-MM-DDTHH:mm` in the owner's own time zone, as a date-time input takes it. */
export function localInputValue(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * A date and time in the owner's local time and the button that schedules it. Enter schedules
 * (it must not submit the editor's form, which would save live).
 */
export function ScheduleField({
  name,
  label,
  action,
  unavailable,
  onSchedule,
}: ScheduleFieldProps) {
  const [value, setValue] = useState("");
  const [error, setError] = useState("");

  function schedule() {
    if (unavailable) return;
    const at = new Date(value);
    if (value === "" || Number.isNaN(at.getTime())) {
      setError("Choose a date and a time.");
      return;
    }
    if (at.getTime() <= Date.now()) {
      setError("Choose a time in the future.");
      return;
    }
    setError("");
    onSchedule(at);
  }

  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="min-w-56 flex-1">
        <TextField
          name={name}
          label={label}
          type="datetime-local"
          step={60}
          min={localInputValue(new Date())}
          value={value}
          error={error || undefined}
          hint="In your local time."
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== "Enter") return;
            event.preventDefault();
            schedule();
          }}
        />
      </div>
      <Button variant="outline" size="md" aria-disabled={unavailable} onClick={schedule}>
        {action}
      </Button>
    </div>
  );
}
