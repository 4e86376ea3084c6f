import { useId } from "react";

/**
 * Why these figures differ from another tool's, in the words of docs/privacy.md (what the store
 * keeps and for how long), which the owner can pass on to visitors.
 */
export function HowWeCount({ zone }: { zone: string }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-2 rounded-xl border border-line bg-surface p-4 text-sm sm:p-5"
    >
      <h3 id={headingId} className="font-serif text-xl font-semibold">
        How we count
      </h3>
      <ul className="flex list-disc flex-col gap-1.5 pl-5">
        <li>
          The site counts visits itself: no cookie, nothing kept in the visitor's browser, no
          address stored, nothing sent to anyone else. Visitors without JavaScript count too.
        </li>
        <li>
          A visitor is recognised for one day only, by a code made from their address and browser
          with a secret that is replaced and deleted every day. So someone who comes back tomorrow
          is a new visitor, and the visitors of a range are each day's visitors added up.
        </li>
        <li>
          Robots and headless browsers, pages loaded ahead of a click, referrer spam and your own
          visits while signed in (and your collaborators') are not counted. Nor is a visitor whose
          browser blocks the counting while it runs JavaScript.
        </li>
        <li>
          Bookings, contact messages, sign-ups and booking link clicks are counted by the server
          when they happen, so a blocked script never hides them.
        </li>
        <li>Days begin at midnight in {zone}, the time zone of your booking schedule.</li>
      </ul>
      <p className="text-muted">
        That is why other tools, which use cookies, follow visitors across days and count some
        robots, show other numbers. What is stored and for how long is written down in the site's
        privacy notes (<code>docs/privacy.md</code>), for you to tell your visitors.
      </p>
    </section>
  );
}
