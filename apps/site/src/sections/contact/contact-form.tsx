import { buttonVariants } from "../../components/ui/button.tsx";
import type { Words } from "../../content/page-words.ts";
import { textOf } from "../../content/text-marker.ts";

const FIELDS = [
  { name: "name", label: "FormName", type: "text", autoComplete: "name" },
  { name: "email", label: "FormEmail", type: "email", autoComplete: "email" },
  { name: "message", label: "FormMessage" },
] as const;

/** Hidden from people (a bot that fills it gives itself away), so not one of the owner's words. */
const HONEYPOT_LABEL = "Leave this field empty";

const INPUT =
  "mt-2 block w-full rounded-xl border border-line-strong bg-surface px-4 py-3 text-ink aria-invalid:border-danger";

/** Texts the behaviour shows later, rendered hidden so the page carries them once. */
const LATER = ["FormSending", "FormFix", "FormFailed"] as const;

/**
 * Name, e-mail and message. Without JavaScript a plain form post to the store, which answers
 * with pages of its own; with it, sent in place, with each field's error beside it. Rendered on
 * the server only (`ContactFormIsland`); `contact-form-behaviour.ts` brings it to life.
 */
export function ContactForm({ words }: { words: Words }) {
  return (
    <div className="mx-auto mt-12 max-w-2xl text-left">
      <form
        method="post"
        action="/contact"
        noValidate
        aria-labelledby="contact-form-heading"
        className="relative"
        data-contact-form=""
      >
        <h3
          id="contact-form-heading"
          {...textOf("FormHeading")}
          className="font-serif text-2xl font-semibold text-ink"
        >
          {words("FormHeading")}
        </h3>
        <p aria-live="polite" data-notice="" className="mt-2 text-danger" />
        <div hidden>
          {LATER.map((key) => (
            <span key={key} data-text={key} data-later={key}>
              {words(key)}
            </span>
          ))}
        </div>
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label htmlFor="contact-website">{HONEYPOT_LABEL}</label>
          <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
        </div>
        {FIELDS.map((field) => {
          const id = `contact-${field.name}`;
          const shared = { id, name: field.name, required: true, className: INPUT };
          return (
            <div key={field.name} className="mt-5">
              <label htmlFor={id} data-text={field.label} className="font-semibold text-ink">
                {words(field.label)}
              </label>
              {"type" in field ? (
                <input {...shared} type={field.type} autoComplete={field.autoComplete} />
              ) : (
                <textarea {...shared} rows={5} />
              )}
              <p id={`${id}-error`} hidden className="mt-1 text-sm text-danger" />
            </div>
          );
        })}
        <button type="submit" className={`${buttonVariants({ size: "lg" })} mt-6`}>
          <span {...textOf("FormSend")}>{words("FormSend")}</span>
        </button>
      </form>
      <div hidden data-thanks="" className="rounded-2xl border border-line bg-surface p-6">
        <h3
          tabIndex={-1}
          {...textOf("FormThanksHeading")}
          className="font-serif text-2xl font-semibold text-ink"
        >
          {words("FormThanksHeading")}
        </h3>
        <p role="status" {...textOf("FormThanks")} className="mt-2 text-muted">
          {words("FormThanks")}
        </p>
      </div>
    </div>
  );
}
