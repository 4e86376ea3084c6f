import { useState } from "react";
import { useAnnounce } from "../../components/ui/announcer.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Notice } from "../../components/ui/notice.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { errorMessage } from "../api/store-errors.ts";
import { type BookingApi, fieldErrorsOf, type PolicyForm } from "./booking-api.ts";
import { BookingSubsection, wholeNumber } from "./booking-subsection.tsx";

type Key = "notice" | "window" | "cancel" | "reschedule" | "moves";
type Draft = Record<Key, string>;

const SERVER_FIELDS: Record<string, Key> = {
  "bookingPolicy.limitLateBookingPolicy.latestBookingInMinutes": "notice",
  "bookingPolicy.limitEarlyBookingPolicy.earliestBookingInMinutes": "window",
  "bookingPolicy.cancellationPolicy.latestCancellationInMinutes": "cancel",
  "bookingPolicy.reschedulePolicy.latestRescheduleInMinutes": "reschedule",
  "extendedFields.namespaces.@consultant/booking.maxReschedules": "moves",
};

const draftOf = (policy: PolicyForm): Draft => ({
  notice: String(policy.minimumNoticeHours),
  window: policy.bookingWindowDays === null ? "" : String(policy.bookingWindowDays),
  cancel: String(policy.cancelCutoffHours),
  reschedule: String(policy.rescheduleCutoffHours),
  moves: policy.maxReschedules === null ? "" : String(policy.maxReschedules),
});

function check(draft: Draft): Partial<Record<Key, string>> {
  const errors: Partial<Record<Key, string>> = {};
  const hours = (key: Key, max: number) => {
    const value = wholeNumber(draft[key]);
    if (value === null || value > max) errors[key] = `Enter whole hours from 0 to ${max}.`;
  };
  hours("notice", 744);
  hours("cancel", 744);
  hours("reschedule", 744);
  const window = wholeNumber(draft.window);
  if (draft.window.trim() !== "" && (window === null || window < 1 || window > 730)) {
    errors.window = "Enter whole days from 1 to 730, or leave empty for no limit.";
  }
  const moves = wholeNumber(draft.moves);
  if (draft.moves.trim() !== "" && (moves === null || moves > 100)) {
    errors.moves = "Enter a number from 0 to 100, or leave empty for no limit.";
  }
  return errors;
}

/** The rules every service keeps: notice, how far ahead, cutoffs, moves. */
export function PolicySection({ booking, policy }: { booking: BookingApi; policy: PolicyForm }) {
  const announce = useAnnounce();
  const [current, setCurrent] = useState(policy);
  const [draft, setDraft] = useState(() => draftOf(policy));
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);

  const field = (key: Key, label: string, hint: string) => (
    <TextField
      name={`policy-${key}`}
      label={label}
      hint={hint}
      inputMode="numeric"
      value={draft[key]}
      error={errors[key]}
      onChange={(event) => {
        setDraft((now) => ({ ...now, [key]: event.target.value }));
        setErrors((now) => ({ ...now, [key]: undefined }));
      }}
    />
  );

  async function save() {
    if (busy) return;
    const found = check(draft);
    setErrors(found);
    setProblem("");
    const first = Object.keys(found)[0];
    if (first !== undefined) {
      document.getElementById(`field-policy-${first}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const saved = await booking.updatePolicy({
        ...current,
        minimumNoticeHours: Number(draft.notice),
        bookingWindowDays: draft.window.trim() === "" ? null : Number(draft.window),
        cancelCutoffHours: Number(draft.cancel),
        rescheduleCutoffHours: Number(draft.reschedule),
        maxReschedules: draft.moves.trim() === "" ? null : Number(draft.moves),
      });
      setCurrent(saved);
      setDraft(draftOf(saved));
      announce("The booking rules are saved.");
    } catch (error) {
      const mapped: Partial<Record<Key, string>> = {};
      for (const [path, words] of Object.entries(fieldErrorsOf(error))) {
        const key = SERVER_FIELDS[path];
        if (key) mapped[key] = words;
      }
      setErrors(mapped);
      if (Object.keys(mapped).length === 0) setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <BookingSubsection
      id="booking-policies"
      title="Rules"
      intro="How soon and how far ahead visitors may book, and until when they may cancel or move a booking. Every service keeps them."
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        {problem ? <Notice tone="error">{problem}</Notice> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          {field("notice", "Minimum notice (hours)", "0: up to the start.")}
          {field("window", "How far ahead (days)", "Empty: no limit.")}
          {field("cancel", "Cancelling allowed until (hours before)", "0: up to the start.")}
          {field("reschedule", "Moving allowed until (hours before)", "0: up to the start.")}
          {field("moves", "Moves per booking, at most", "Empty: no limit.")}
        </div>
        <div>
          <Button type="submit" aria-disabled={busy}>
            {busy ? "Saving…" : "Save rules"}
          </Button>
        </div>
      </form>
    </BookingSubsection>
  );
}
