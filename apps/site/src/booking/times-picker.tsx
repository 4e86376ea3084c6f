import type { BookingPageWords } from "@consultant/site-content";
import type { BookingTimes } from "@consultant/site-content/wire";
import { buttonVariants } from "../components/ui/button.tsx";
import { useNavigation } from "./booking-navigation.ts";

const TIME_ERROR_ID = "booking-time-error";

/** A link to other days: followed by the browser, or fetched by the page's script. */
function DaysLink({ href, label }: { href: string; label: string }) {
  const navigation = useNavigation();
  return (
    <a
      href={href}
      className={buttonVariants({ variant: "ghost", size: "sm" })}
      onClick={(event) => {
        if (navigation === null) return;
        event.preventDefault();
        void navigation.go(href);
      }}
    >
      {label}
    </a>
  );
}

/**
 * The free times, a group of choices per day, labelled in the visitor's zone (named above
 * them); the chosen one is the form's `time`. Links lead to the days before and after.
 */
export function TimesPicker(props: {
  times: BookingTimes;
  chosen: string;
  error: string | undefined;
  words: BookingPageWords;
  /** The address of these days with another first day. */
  daysHref: (from: string) => string;
  heading: string;
}) {
  const { times, chosen, error, words, daysHref, heading } = props;
  return (
    <section aria-labelledby="booking-times-heading" className="flex flex-col gap-4">
      <div>
        <h2 id="booking-times-heading" className="font-serif text-2xl font-semibold text-ink">
          {heading}
        </h2>
        <p className="mt-1 text-sm text-muted">{times.zoneName}</p>
      </div>
      {error ? (
        <p id={TIME_ERROR_ID} className="text-sm font-semibold text-danger">
          {error}
        </p>
      ) : null}
      {times.days.length === 0 ? <p className="text-muted">{words.BookNoTimes}</p> : null}
      {times.days.map((day) => (
        <fieldset
          key={day.date}
          aria-describedby={error ? TIME_ERROR_ID : undefined}
          className="flex flex-col gap-3"
        >
          <legend className="mb-2 font-semibold text-ink">{day.label}</legend>
          <div className="grid grid-cols-3 gap-2 sm:grid-cols-5">
            {day.times.map((time) => (
              <label key={time.value} className="relative">
                <input
                  type="radio"
                  name="time"
                  value={time.value}
                  defaultChecked={time.value === chosen}
                  required
                  className="peer absolute inset-0 size-full cursor-pointer opacity-0"
                />
                <span className="flex min-h-11 items-center justify-center rounded-lg border border-line-strong bg-surface text-base font-semibold text-ink tabular-nums peer-checked:border-accent peer-checked:bg-accent peer-checked:text-on-accent peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent">
                  {time.label}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      <nav aria-label={heading} className="flex flex-wrap justify-between gap-2">
        {times.earlier === null ? (
          <span />
        ) : (
          <DaysLink href={daysHref(times.earlier)} label={words.BookEarlier} />
        )}
        {times.later === null ? null : (
          <DaysLink href={daysHref(times.later)} label={words.BookLater} />
        )}
      </nav>
    </section>
  );
}
