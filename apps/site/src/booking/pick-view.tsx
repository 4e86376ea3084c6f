import type { BookingPickView } from "@consultant/site-content/wire";
import { useState } from "react";
import { Button } from "../components/ui/button.tsx";
import { describedBy, FieldFrame } from "../components/ui/field-frame.tsx";
import { Notice } from "../components/ui/notice.tsx";
import { TextField } from "../components/ui/text-field.tsx";
import { useNavigation } from "./booking-navigation.ts";
import { ServiceFacts } from "./service-facts.tsx";
import { TimesPicker } from "./times-picker.tsx";
import { ZoneForm } from "./zone-form.tsx";

const NOTE_ID = "field-note";

/** The hidden field people never see (the contact form's bot defence): no words of the owner's. */
function Trap({ name }: { name: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={`trap-${name}`}>Leave this empty</label>
      <input type="text" id={`trap-${name}`} name={name} tabIndex={-1} autoComplete="off" />
    </div>
  );
}

/** A service's free times, the visitor's zone and details: one form, posted as it is. */
export function PickView({ view }: { view: BookingPickView }) {
  const { words, service, times, fields, errors } = view;
  const navigation = useNavigation();
  const [sending, setSending] = useState(false);
  const keep = { service: service.id };
  const daysHref = (from: string) =>
    `/book?${new URLSearchParams({ service: service.id, tz: times.zone, from })}`;
  return (
    <>
      <p className="text-lg text-muted">{words.BookIntro}</p>
      <ServiceFacts service={service} words={words} />
      {errors.form ? <Notice tone="error">{errors.form}</Notice> : null}
      <ZoneForm action="/book" keep={keep} zone={times.zone} zones={view.zones} words={words} />
      <form
        method="post"
        action="/book"
        className="relative flex flex-col gap-8"
        onSubmit={(event) => {
          if (navigation === null) return;
          event.preventDefault();
          setSending(true);
          void navigation.send(event.currentTarget).finally(() => setSending(false));
        }}
      >
        <input type="hidden" name="service" value={service.id} />
        <input type="hidden" name="tz" value={times.zone} />
        <input type="hidden" name="from" value={times.from} />
        <input type="hidden" name="token" value={view.formToken} />
        <Trap name={view.trap} />
        <TimesPicker
          times={times}
          chosen={fields.time}
          error={errors.time}
          words={words}
          daysHref={daysHref}
          heading={words.BookTimesHeading}
        />
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-4 font-serif text-2xl font-semibold text-ink">
            {words.BookDetailsHeading}
          </legend>
          <TextField
            name="name"
            label={words.BookName}
            defaultValue={fields.name}
            error={errors.name}
            autoComplete="name"
            required
            maxLength={200}
          />
          <TextField
            name="email"
            type="email"
            label={words.BookEmail}
            defaultValue={fields.email}
            error={errors.email}
            autoComplete="email"
            required
          />
          <FieldFrame id={NOTE_ID} label={words.BookNote} error={errors.note}>
            <textarea
              id={NOTE_ID}
              name="note"
              rows={4}
              defaultValue={fields.note}
              aria-invalid={errors.note ? true : undefined}
              aria-describedby={describedBy(NOTE_ID, undefined, errors.note)}
              className="rounded-lg border border-line-strong bg-surface px-3 py-2 text-base text-ink aria-invalid:border-danger"
            />
          </FieldFrame>
        </fieldset>
        <div>
          <Button type="submit" size="lg" aria-disabled={sending || undefined}>
            {sending ? words.BookSubmitting : words.BookSubmit}
          </Button>
        </div>
      </form>
    </>
  );
}
