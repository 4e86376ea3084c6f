import { useEffect, useState } from "react";
import { useAnnounce } from "../../components/ui/announcer.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Notice } from "../../components/ui/notice.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { errorMessage } from "../api/store-errors.ts";
import { formatTime } from "../items/item-summary.tsx";
import { type BookingApi, type CalendarFeed, fieldErrorsOf } from "./booking-api.ts";
import { BookingSubsection } from "./booking-subsection.tsx";

function FeedStatus({ feed }: { feed: CalendarFeed }) {
  if (feed.url === "") return <p className="text-sm text-muted">No calendar is connected.</p>;
  if (feed.lastReadDate === null) return <p className="text-sm text-muted">Not read yet.</p>;
  return (
    <div className="flex flex-col gap-2 text-sm">
      {feed.lastError ? (
        <Notice tone="error">
          The last read, {formatTime(feed.lastReadDate)}, failed: {feed.lastError}.{" "}
          {feed.lastGoodReadDate
            ? `The copy read ${formatTime(feed.lastGoodReadDate)} still blocks its times.`
            : "Nothing of this calendar blocks times yet."}
        </Notice>
      ) : (
        <p role="status">
          Read {formatTime(feed.lastReadDate)}: {feed.eventCount} events. Their times are not
          offered to visitors.
        </p>
      )}
    </div>
  );
}

/** The owner's own calendar (an ICS feed) as busy time: its address, its last read, a read now. */
export function CalendarFeedSection({ booking }: { booking: BookingApi }) {
  const announce = useAnnounce();
  const [feed, setFeed] = useState<CalendarFeed | null>(null);
  const [url, setUrl] = useState("");
  const [error, setError] = useState("");
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    booking.feed().then(
      (found) => {
        setFeed(found);
        setUrl(found.url);
      },
      (caught: unknown) => setProblem(errorMessage(caught)),
    );
  }, [booking]);

  async function run(work: () => Promise<CalendarFeed>, done: string) {
    if (busy) return;
    setBusy(true);
    setProblem("");
    try {
      const found = await work();
      setFeed(found);
      setUrl(found.url);
      announce(found.lastError ? `${done} The read failed: ${found.lastError}.` : done);
    } catch (caught) {
      const fields = fieldErrorsOf(caught);
      if (fields.url) setError(fields.url);
      else setProblem(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  function save() {
    const text = url.trim();
    if (text !== "" && !/^(https?|webcals?):\/\/\S+$/i.test(text)) {
      setError("Paste the calendar's address: it starts with https://, http:// or webcal://.");
      document.getElementById("field-calendar-feed-url")?.focus();
      return;
    }
    void run(
      () => booking.saveFeed(text),
      text === "" ? "The calendar is disconnected." : "The calendar is saved.",
    );
  }

  return (
    <BookingSubsection
      id="booking-calendar"
      title="Your calendar"
      intro="Connect the calendar you already use: its busy times are not offered to visitors. In Google Calendar, Outlook or Apple Calendar, copy its secret address in iCal format (ICS)."
    >
      {problem ? <Notice tone="error">{problem}</Notice> : null}
      {feed === null && !problem ? (
        <p className="text-sm text-muted">Loading your calendar…</p>
      ) : null}
      {/* The form waits for the saved address: typing before it came would be overwritten. */}
      {feed === null ? null : (
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <TextField
            name="calendar-feed-url"
            label="Calendar address (ICS)"
            hint="Read every 15 minutes. Empty: no calendar."
            type="url"
            autoComplete="off"
            spellCheck={false}
            value={url}
            error={error}
            onChange={(event) => {
              setUrl(event.target.value);
              setError("");
            }}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" aria-disabled={busy}>
              {busy ? "Reading…" : "Save calendar"}
            </Button>
            {feed.url ? (
              <Button
                variant="outline"
                aria-disabled={busy}
                onClick={() => void run(() => booking.readFeed(), "The calendar is read.")}
              >
                Read now
              </Button>
            ) : null}
          </div>
        </form>
      )}
      {feed ? <FeedStatus feed={feed} /> : null}
    </BookingSubsection>
  );
}
