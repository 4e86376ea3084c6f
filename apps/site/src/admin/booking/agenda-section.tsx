import { useCallback, useEffect, useId, useState } from "react";
import { useAnnounce } from "../../components/ui/announcer.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Dialog } from "../../components/ui/dialog.tsx";
import { Notice } from "../../components/ui/notice.tsx";
import { errorMessage } from "../api/store-errors.ts";
import type { AgendaBooking, BookingAction, BookingApi } from "./booking-api.ts";
import { fieldErrorsOf } from "./booking-api.ts";
import { BookingSubsection } from "./booking-subsection.tsx";

const DAY = 86_400_000;
/** How far the agenda looks back and ahead (the store answers at most 400 days at once). */
const RANGE_DAYS = 180;

const STATUS_WORDS: Record<AgendaBooking["status"], string> = {
  PENDING: "Waiting for you",
  CONFIRMED: "Confirmed",
  DECLINED: "Declined",
  CANCELED: "Cancelled",
};

const ACTIONS: Record<BookingAction, { verb: string; done: string; title: string }> = {
  confirm: { verb: "Confirm", done: "confirmed", title: "Confirm the booking" },
  decline: { verb: "Decline", done: "declined", title: "Decline the booking" },
  cancel: { verb: "Cancel booking", done: "cancelled", title: "Cancel the booking" },
};

/** A time on the owner's clock, with the day. */
export function ownerTime(iso: string, zone: string): string {
  return new Intl.DateTimeFormat(undefined, {
    timeZone: zone,
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  }).format(new Date(iso));
}

const endTime = (iso: string, zone: string) =>
  new Intl.DateTimeFormat(undefined, { timeZone: zone, hour: "2-digit", minute: "2-digit" }).format(
    new Date(iso),
  );

function actionsOf(booking: AgendaBooking, past: boolean): BookingAction[] {
  if (booking.status === "PENDING") return past ? ["decline"] : ["confirm", "decline"];
  if (booking.status === "CONFIRMED" && !past) return ["cancel"];
  return [];
}

function ActionDialog(props: {
  booking: AgendaBooking;
  action: BookingAction;
  onDone: (message: string) => Promise<void>;
  onClose: () => void;
}) {
  const { booking, action, onDone, onClose } = props;
  const id = useId();
  const [message, setMessage] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState("");
  const [fieldError, setFieldError] = useState("");
  const words = ACTIONS[action];

  async function submit() {
    if (busy) return;
    if (message.length > 2000) {
      setFieldError("The message can be at most 2000 characters.");
      return;
    }
    setBusy(true);
    setProblem("");
    try {
      await onDone(message.trim());
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields["participantNotification.message"]) {
        setFieldError(fields["participantNotification.message"]);
      } else setProblem(errorMessage(error));
      setBusy(false);
    }
  }

  return (
    <Dialog
      title={words.title}
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Keep as it is
          </Button>
          <Button
            variant={action === "confirm" ? "primary" : "danger"}
            aria-disabled={busy}
            onClick={() => void submit()}
          >
            {words.verb}
          </Button>
        </>
      }
    >
      <p className="mb-4 text-sm">
        {booking.title} with {booking.name || booking.email}. The client gets a mail; add a few
        words if you like.
      </p>
      {problem ? <Notice tone="error">{problem}</Notice> : null}
      <div className="flex flex-col gap-1.5">
        <label htmlFor={id} className="text-sm font-semibold text-ink">
          Message to the client (optional)
        </label>
        <textarea
          id={id}
          rows={4}
          value={message}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${id}-error` : undefined}
          onChange={(event) => {
            setMessage(event.target.value);
            setFieldError("");
          }}
          className="rounded-lg border border-line-strong bg-surface px-3 py-2 text-base text-ink aria-invalid:border-danger"
        />
        {fieldError ? (
          <p id={`${id}-error`} className="text-sm font-semibold text-danger">
            {fieldError}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}

/** Upcoming and past bookings on the owner's clock, with confirm, decline and cancel. */
export function AgendaSection({ booking, zone }: { booking: BookingApi; zone: string }) {
  const announce = useAnnounce();
  const [past, setPast] = useState(false);
  const [list, setList] = useState<AgendaBooking[] | null>(null);
  const [problem, setProblem] = useState("");
  const [acting, setActing] = useState<{ booking: AgendaBooking; action: BookingAction } | null>(
    null,
  );

  const load = useCallback(() => {
    const now = Date.now();
    const [from, to] = past ? [now - RANGE_DAYS * DAY, now] : [now, now + RANGE_DAYS * DAY];
    booking.agenda(new Date(from), new Date(to)).then(
      (found) => {
        const wanted = found.filter((entry) => Date.parse(entry.start) < now === past);
        setList(past ? wanted.reverse() : wanted);
        setProblem("");
      },
      (error: unknown) => setProblem(errorMessage(error)),
    );
  }, [booking, past]);

  useEffect(load, [load]);

  return (
    <BookingSubsection
      id="booking-agenda"
      title="Agenda"
      intro={`Your bookings. Times are on your clock: ${zone}.`}
    >
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Which bookings</legend>
        {[false, true].map((which) => (
          <Button
            key={String(which)}
            size="xs"
            variant={past === which ? "primary" : "outline"}
            aria-pressed={past === which}
            onClick={() => setPast(which)}
          >
            {which ? "Past" : "Upcoming"}
          </Button>
        ))}
      </fieldset>
      {problem ? <Notice tone="error">{problem}</Notice> : null}
      {list === null && !problem ? <p>Loading the agenda…</p> : null}
      {list?.length === 0 ? (
        <p className="text-muted">{past ? "No past bookings." : "No upcoming bookings."}</p>
      ) : null}
      {list && list.length > 0 ? (
        <ul aria-label={past ? "Past bookings" : "Upcoming bookings"} className="grid gap-3">
          {list.map((entry) => (
            <li
              key={entry.id}
              className="flex flex-wrap items-start justify-between gap-3 rounded-xl border border-line bg-surface p-4"
            >
              <div className="min-w-0">
                <p className="font-semibold">
                  <time dateTime={entry.start}>{ownerTime(entry.start, zone)}</time>–
                  <time dateTime={entry.end}>{endTime(entry.end, zone)}</time>
                </p>
                <p className="break-words">
                  {entry.title} · {entry.name || "No name"} ·{" "}
                  <a className="underline" href={`mailto:${entry.email}`}>
                    {entry.email}
                  </a>
                  {entry.phone ? ` · ${entry.phone}` : ""}
                </p>
                <p className="text-sm text-muted">{STATUS_WORDS[entry.status]}</p>
                {entry.note ? (
                  <p className="mt-1 text-sm break-words whitespace-pre-line">“{entry.note}”</p>
                ) : null}
                {entry.ownerMessage ? (
                  <p className="mt-1 text-sm break-words text-muted">
                    Your message: {entry.ownerMessage}
                  </p>
                ) : null}
              </div>
              <div className="flex flex-wrap gap-2">
                {actionsOf(entry, past).map((action) => (
                  <Button
                    key={action}
                    size="xs"
                    variant={action === "confirm" ? "primary" : "danger"}
                    onClick={() => setActing({ booking: entry, action })}
                  >
                    {ACTIONS[action].verb}
                    <span className="sr-only">
                      : {entry.name || entry.email}, {ownerTime(entry.start, zone)}
                    </span>
                  </Button>
                ))}
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {acting ? (
        <ActionDialog
          booking={acting.booking}
          action={acting.action}
          onClose={() => setActing(null)}
          onDone={async (message) => {
            await booking.act(acting.booking, acting.action, message);
            setActing(null);
            announce(`The booking is ${ACTIONS[acting.action].done}.`);
            load();
          }}
        />
      ) : null}
    </BookingSubsection>
  );
}
