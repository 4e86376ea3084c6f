import { useId, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Notice } from "../../components/ui/notice.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { errorMessage } from "../api/store-errors.ts";
import { fieldErrorsOf, type LocationKind, type ServiceForm } from "./booking-api.ts";
import { wholeNumber } from "./booking-subsection.tsx";

type Draft = {
  name: string;
  description: string;
  priceText: string;
  locationKind: LocationKind;
  locationText: string;
  duration: string;
  bufferBefore: string;
  bufferAfter: string;
  interval: string;
  maxPerDay: string;
  requireManualApproval: boolean;
  hidden: boolean;
};
type Errors = Partial<Record<keyof Draft, string>>;

export type ServiceFields = Omit<ServiceForm, "id" | "revision" | "policyId">;

export const BLANK_SERVICE: ServiceFields = {
  name: "",
  description: "",
  priceText: "",
  locationKind: "VIDEO",
  locationText: "",
  durationMinutes: 30,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  slotIntervalMinutes: 30,
  maxPerDay: null,
  requireManualApproval: false,
  hidden: false,
};

const PLACES: { kind: LocationKind; label: string; hint: string }[] = [
  { kind: "VIDEO", label: "Video call", hint: "The video link, or how it is sent." },
  { kind: "PHONE", label: "Phone", hint: "The number, or who calls whom." },
  { kind: "IN_PERSON", label: "In person", hint: "The address." },
];

/** The store's field paths, by the draft's field they are about. */
const SERVER_FIELDS: Record<string, keyof Draft> = {
  "service.name": "name",
  "service.description": "description",
  "service.payment.custom.description": "priceText",
  "service.locations": "locationText",
  "service.schedule.availabilityConstraints.sessionDurations": "duration",
  "service.schedule.availabilityConstraints.timeBetweenSessions": "bufferAfter",
  "extendedFields.namespaces.@consultant/booking.bufferBeforeMinutes": "bufferBefore",
  "extendedFields.namespaces.@consultant/booking.slotIntervalMinutes": "interval",
  "extendedFields.namespaces.@consultant/booking.maxPerDay": "maxPerDay",
};

function draftOf(service: ServiceFields): Draft {
  return {
    name: service.name,
    description: service.description,
    priceText: service.priceText,
    locationKind: service.locationKind,
    locationText: service.locationText,
    duration: String(service.durationMinutes),
    bufferBefore: String(service.bufferBeforeMinutes),
    bufferAfter: String(service.bufferAfterMinutes),
    interval: String(service.slotIntervalMinutes),
    maxPerDay: service.maxPerDay === null ? "" : String(service.maxPerDay),
    requireManualApproval: service.requireManualApproval,
    hidden: service.hidden,
  };
}

function minutesError(text: string, min: number, max: number): string | undefined {
  const value = wholeNumber(text);
  if (value === null || value < min || value > max) {
    return `Enter whole minutes from ${min} to ${max}.`;
  }
  return value % 5 === 0 ? undefined : "Use a multiple of 5 minutes.";
}

function check(draft: Draft): Errors {
  const errors: Errors = {};
  if (draft.name.trim() === "") errors.name = "Give the service a name.";
  errors.duration = minutesError(draft.duration, 5, 720);
  errors.bufferBefore = minutesError(draft.bufferBefore, 0, 240);
  errors.bufferAfter = minutesError(draft.bufferAfter, 0, 240);
  errors.interval = minutesError(draft.interval, 5, 720);
  const max = draft.maxPerDay.trim() === "" ? 0 : wholeNumber(draft.maxPerDay);
  if (max === null || max > 100) errors.maxPerDay = "Enter a number from 1 to 100, or leave empty.";
  for (const key of Object.keys(errors) as (keyof Draft)[]) {
    if (errors[key] === undefined) delete errors[key];
  }
  return errors;
}

function fieldsOf(draft: Draft): ServiceFields {
  const max = wholeNumber(draft.maxPerDay);
  return {
    name: draft.name.trim(),
    description: draft.description.trim(),
    priceText: draft.priceText.trim(),
    locationKind: draft.locationKind,
    locationText: draft.locationText.trim(),
    durationMinutes: Number(draft.duration),
    bufferBeforeMinutes: Number(draft.bufferBefore),
    bufferAfterMinutes: Number(draft.bufferAfter),
    slotIntervalMinutes: Number(draft.interval),
    maxPerDay: max === null || max === 0 ? null : max,
    requireManualApproval: draft.requireManualApproval,
    hidden: draft.hidden,
  };
}

/** One service's fields, checked here and by the store; a refusal keeps what was typed. */
export function ServiceFormFields(props: {
  idPrefix: string;
  service: ServiceFields;
  submitLabel: string;
  onSave: (fields: ServiceFields) => Promise<void>;
  children?: React.ReactNode;
}) {
  const { idPrefix, service, submitLabel, onSave, children } = props;
  const [draft, setDraft] = useState(() => draftOf(service));
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);
  const describe = useId();
  const name = (field: string) => `${idPrefix}-${field}`;
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };
  const text = (key: keyof Draft, label: string, hint?: string, inputMode?: "numeric") => (
    <TextField
      name={name(key)}
      label={label}
      hint={hint}
      inputMode={inputMode}
      value={String(draft[key])}
      error={errors[key]}
      onChange={(event) => set(key, event.target.value as never)}
    />
  );

  async function submit() {
    if (busy) return;
    const found = check(draft);
    setErrors(found);
    setProblem("");
    if (Object.keys(found).length > 0) {
      document.getElementById(`field-${name(Object.keys(found)[0] as string)}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await onSave(fieldsOf(draft));
    } catch (error) {
      const fields = fieldErrorsOf(error);
      const mapped: Errors = {};
      for (const [field, words] of Object.entries(fields)) {
        const key = SERVER_FIELDS[field];
        if (key) mapped[key] = words;
      }
      setErrors(mapped);
      if (Object.keys(mapped).length === 0) setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  const place = PLACES.find((entry) => entry.kind === draft.locationKind) ?? PLACES[0];
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {problem ? <Notice tone="error">{problem}</Notice> : null}
      {text("name", "Name")}
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${describe}-description`} className="text-sm font-semibold text-ink">
          Description
        </label>
        <textarea
          id={`${describe}-description`}
          rows={3}
          value={draft.description}
          onChange={(event) => set("description", event.target.value)}
          className="rounded-lg border border-line-strong bg-surface px-3 py-2 text-base text-ink"
        />
      </div>
      {text("priceText", "Price", "As visitors read it: “Free”, “€150 an hour”.")}
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold text-ink">Where</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {PLACES.map((entry) => (
            <label key={entry.kind} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={name("where")}
                className="size-4 accent-accent"
                checked={draft.locationKind === entry.kind}
                onChange={() => set("locationKind", entry.kind)}
              />
              {entry.label}
            </label>
          ))}
        </div>
      </fieldset>
      {text("locationText", `${place?.label ?? "Where"}: details`, place?.hint)}
      <div className="grid gap-4 sm:grid-cols-2">
        {text("duration", "Length (minutes)", undefined, "numeric")}
        {text("interval", "A slot starts every (minutes)", "30: at :00 and :30.", "numeric")}
        {text("bufferBefore", "Free time before (minutes)", undefined, "numeric")}
        {text("bufferAfter", "Free time after (minutes)", undefined, "numeric")}
        {text("maxPerDay", "At most per day", "Empty: no limit.", "numeric")}
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-accent"
          checked={draft.requireManualApproval}
          onChange={(event) => set("requireManualApproval", event.target.checked)}
        />
        I confirm each booking myself (it waits for me in the agenda)
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-accent"
          checked={draft.hidden}
          onChange={(event) => set("hidden", event.target.checked)}
        />
        Hidden: visitors cannot see or book it
      </label>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" aria-disabled={busy}>
          {busy ? "Saving…" : submitLabel}
        </Button>
        {children}
      </div>
    </form>
  );
}
