import type { BookingManageView } from "@consultant/site-content/wire";
import type { ReactNode } from "react";
import { Button } from "../components/ui/button.tsx";
import { Notice } from "../components/ui/notice.tsx";
import { useNavigation } from "./booking-navigation.ts";
import { BookingSummaryList } from "./booking-summary.tsx";
import { TimesPicker } from "./times-picker.tsx";
import { ZoneForm } from "./zone-form.tsx";

const MANAGE = "/book/manage";

/** A form of the manage page: posted as it is, or sent by the page's script. */
function ManageForm(props: { children: ReactNode; className?: string; label: string }) {
  const navigation = useNavigation();
  return (
    <form
      method="post"
      action={MANAGE}
      aria-label={props.label}
      className={props.className}
      onSubmit={(event) => {
        if (navigation === null) return;
        event.preventDefault();
        void navigation.send(event.currentTarget);
      }}
    >
      {props.children}
    </form>
  );
}

/** The manage link's page: the booking, cancelling it and moving it while the policy allows. */
export function ManageView({ view }: { view: BookingManageView }) {
  const { words, booking, token, times } = view;
  const daysHref = (from: string) =>
    `${MANAGE}?${new URLSearchParams({ token, tz: times?.zone ?? booking.zone, from })}`;
  const active = booking.status === "CONFIRMED" || booking.status === "PENDING";
  return (
    <>
      {view.notice ? <Notice tone="info">{view.notice}</Notice> : null}
      <BookingSummaryList booking={booking} words={words} />
      {active ? (
        <section aria-labelledby="booking-cancel" className="flex flex-col gap-3">
          <h2 id="booking-cancel" className="font-serif text-2xl font-semibold text-ink">
            {words.BookCancel}
          </h2>
          {view.cancelRefusal === null ? (
            <ManageForm label={words.BookCancel}>
              <input type="hidden" name="token" value={token} />
              <input type="hidden" name="action" value="cancel" />
              <input type="hidden" name="tz" value={booking.zone} />
              <Button type="submit" variant="danger">
                {words.BookCancel}
              </Button>
            </ManageForm>
          ) : (
            <p className="text-ink" data-refusal="cancel">
              {view.cancelRefusal}
            </p>
          )}
        </section>
      ) : null}
      {active && view.moveRefusal !== null ? (
        <section aria-labelledby="booking-move" className="flex flex-col gap-3">
          <h2 id="booking-move" className="font-serif text-2xl font-semibold text-ink">
            {words.BookMoveHeading}
          </h2>
          <p className="text-ink" data-refusal="move">
            {view.moveRefusal}
          </p>
        </section>
      ) : null}
      {active && view.brand.email && (view.cancelRefusal !== null || view.moveRefusal !== null) ? (
        <p>
          <a
            href={`mailto:${view.brand.email}`}
            className="font-semibold break-all text-accent-strong underline underline-offset-4"
          >
            {view.brand.email}
          </a>
        </p>
      ) : null}
      {active && times !== null ? (
        <>
          <ZoneForm
            action={MANAGE}
            keep={{ token }}
            zone={times.zone}
            zones={view.zones}
            words={words}
          />
          <ManageForm label={words.BookMoveHeading} className="flex flex-col gap-6">
            <input type="hidden" name="token" value={token} />
            <input type="hidden" name="action" value="move" />
            <input type="hidden" name="tz" value={times.zone} />
            <input type="hidden" name="from" value={times.from} />
            <TimesPicker
              times={times}
              chosen=""
              error={view.errors.time}
              words={words}
              daysHref={daysHref}
              heading={words.BookMoveHeading}
            />
            <div>
              <Button type="submit">{words.BookMove}</Button>
            </div>
          </ManageForm>
        </>
      ) : null}
    </>
  );
}
