/**
 * @module The pages the contact form answers without JavaScript, in the members' pages' look:
 * the form to send (carrying a fresh signed token), the thanks, and "try again shortly".
 * Every page leads back to the contact section with a relative link (never the request's Host).
 */
import { errorSummary, type FormErrors, field, html, page, raw } from "../identity/pages/html.ts";
import { HONEYPOT_FIELD } from "./contact-service.ts";

const BACK = html`<p><a href="/#contact">Back to the page</a></p>`;

export type ContactFields = { name: string; email: string; message: string };

function textarea(name: string, label: string, value: string, errors: FormErrors) {
  const error = errors[name];
  return html`<div class="field">
<label for="${name}">${label}</label>
<textarea id="${name}" name="${name}" rows="6" required${raw(
    error === undefined ? "" : ` aria-invalid="true" aria-describedby="${name}-error" autofocus`,
  )}>${value}</textarea>
${error === undefined ? "" : html`<p class="error" id="${name}-error">${error}</p>`}
</div>`;
}

/** The form with the visitor's words kept, a signed token, and what to fix. */
export function sendPage(fields: ContactFields, token: string, errors: FormErrors = {}): string {
  return page({
    title: "Send your message",
    body: html`${errorSummary(errors)}
<p>Check your message, then send it.</p>
<form method="post" action="/contact">
<input type="hidden" name="token" value="${token}">
<div class="contact-trap" aria-hidden="true"><label for="${HONEYPOT_FIELD}">Leave this empty</label>
<input type="text" id="${HONEYPOT_FIELD}" name="${HONEYPOT_FIELD}" tabindex="-1" autocomplete="off"></div>
${field({ name: "name", label: "Your name", value: fields.name, autocomplete: "name", errors })}
${field({ name: "email", label: "Your e-mail", type: "email", value: fields.email, autocomplete: "email", errors })}
${textarea("message", "Your message", fields.message, errors)}
<button type="submit">Send message</button>
</form>
${BACK}`,
  });
}

export function thanksPage(): string {
  return page({
    title: "Thank you",
    body: html`<p role="status">Your message is on its way. I will answer by e-mail soon.</p>${BACK}`,
  });
}

export function tryLaterPage(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return page({
    title: "Please try again shortly",
    body: html`<p>Many messages arrived just now, so the form rests for a moment. Please send yours again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}; nothing you wrote was sent yet.</p>${BACK}`,
  });
}

export function alreadySentPage(): string {
  return page({
    title: "Already sent",
    body: html`<p>This message was already sent. To write another, use the form on the page again.</p>${BACK}`,
  });
}
