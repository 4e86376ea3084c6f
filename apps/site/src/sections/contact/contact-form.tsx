import { type FormEvent, useRef, useState } from "react";
import { buttonVariants } from "../../components/ui/button.tsx";
import type { Words } from "../../content/page-words.ts";

/** The sending code loads when the visitor starts writing, not with the page. */
const sender = () => import("./send-message.ts");

const FIELDS = [
  { name: "name", label: "FormName", type: "text", autoComplete: "name" },
  { name: "email", label: "FormEmail", type: "email", autoComplete: "email" },
  { name: "message", label: "FormMessage" },
] as const;

/** Hidden from people (a bot that fills it gives itself away), so not one of the owner's words. */
const HONEYPOT_LABEL = "Leave this field empty";

const INPUT =
  "mt-2 block w-full rounded-xl border border-line-strong bg-surface px-4 py-3 text-ink aria-invalid:border-danger";

/**
 * Name, e-mail and message. Without JavaScript a plain form post to the store, which answers
 * with pages of its own; with it, sent in place, with each field's error beside it.
 */
export function ContactForm({ words }: { words: Words }) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<"idle" | "sending" | "sent">("idle");
  const [notice, setNotice] = useState("");
  const form = useRef<HTMLFormElement>(null);
  const thanks = useRef<HTMLHeadingElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    setStatus("sending");
    setNotice("");
    const result = await sender()
      .then(({ sendMessage }) => sendMessage(data))
      .catch(() => ({ ok: false as const, fields: {} }));
    if (result.ok) {
      setStatus("sent");
      requestAnimationFrame(() => thanks.current?.focus());
      return;
    }
    setStatus("idle");
    setErrors(result.fields);
    const fields = Object.keys(result.fields);
    setNotice(
      fields.length > 0
        ? words("FormFix")
        : ("message" in result && result.message) || words("FormFailed"),
    );
    form.current?.querySelector<HTMLElement>(`[name="${fields[0] ?? "name"}"]`)?.focus();
  }

  if (status === "sent") {
    return (
      <div className="mx-auto mt-12 max-w-2xl rounded-2xl border border-line bg-surface p-6 text-left">
        <h3 ref={thanks} tabIndex={-1} className="font-serif text-2xl font-semibold text-ink">
          {words("FormThanksHeading")}
        </h3>
        <p role="status" className="mt-2 text-muted">
          {words("FormThanks")}
        </p>
      </div>
    );
  }

  return (
    <form
      ref={form}
      method="post"
      action="/contact"
      noValidate
      onSubmit={submit}
      onFocus={() =>
        void sender().then(({ prepareToken }) => prepareToken().catch(() => undefined))
      }
      aria-labelledby="contact-form-heading"
      className="relative mx-auto mt-12 max-w-2xl text-left"
    >
      <h3 id="contact-form-heading" className="font-serif text-2xl font-semibold text-ink">
        {words("FormHeading")}
      </h3>
      <p aria-live="polite" className="mt-2 text-danger">
        {notice}
      </p>
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor="contact-website">{HONEYPOT_LABEL}</label>
        <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      {FIELDS.map((field) => {
        const id = `contact-${field.name}`;
        const error = errors[field.name];
        const shared = {
          id,
          name: field.name,
          required: true,
          "aria-invalid": error !== undefined,
          "aria-describedby": error === undefined ? undefined : `${id}-error`,
          className: INPUT,
        };
        return (
          <div key={field.name} className="mt-5">
            <label htmlFor={id} className="font-semibold text-ink">
              {words(field.label)}
            </label>
            {"type" in field ? (
              <input {...shared} type={field.type} autoComplete={field.autoComplete} />
            ) : (
              <textarea {...shared} rows={5} />
            )}
            {error === undefined ? null : (
              <p id={`${id}-error`} className="mt-1 text-sm text-danger">
                {error}
              </p>
            )}
          </div>
        );
      })}
      <button
        type="submit"
        disabled={status === "sending"}
        className={`${buttonVariants({ size: "lg" })} mt-6`}
      >
        {words(status === "sending" ? "FormSending" : "FormSend")}
      </button>
    </form>
  );
}
