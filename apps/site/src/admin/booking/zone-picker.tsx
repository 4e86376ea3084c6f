import { useMemo } from "react";
import { describedBy, FieldFrame } from "../../components/ui/field-frame.tsx";

/** The IANA zones the browser knows, the owner's own first if the browser lacks it. */
function zones(current: string): string[] {
  const known =
    typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  const all = known.includes("UTC") ? known : [...known, "UTC"];
  return all.includes(current) ? all : [current, ...all];
}

/** The owner's IANA time zone, the one their hours are read in. */
export function ZonePicker(props: {
  value: string;
  error?: string | undefined;
  onChange: (zone: string) => void;
}) {
  const { value, error, onChange } = props;
  const options = useMemo(() => zones(value), [value]);
  const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const id = "field-booking-zone";
  const hint = `Your hours are read in this zone, summer time included. This browser is in ${browser}.`;
  return (
    <FieldFrame id={id} label="Your time zone" hint={hint} error={error}>
      <select
        id={id}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(event) => onChange(event.target.value)}
        className="h-11 rounded-lg border border-line-strong bg-surface px-3 text-base text-ink aria-invalid:border-danger"
      >
        {options.map((zone) => (
          <option key={zone} value={zone}>
            {zone.replaceAll("_", " ")}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
