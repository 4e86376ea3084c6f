/**
 * @module The pages the contact form answers without JavaScript, in the members' pages' look
 * (the site's frame and theme): the form to send (carrying a fresh signed token), the thanks,
 * "try again shortly" and "already sent". Every text is the owner's (`ContactWords`); every
 * page leads back to the contact section with a relative link (never the request's Host).
 */
import { errorSummary, type FormErrors, field, html, page, raw } from "../platform/pages/html.ts";
import { HONEYPOT_FIELD } from "./contact-service.ts";
import type { ContactWords } from "./contact-words.ts";

export type ContactFields = { name: string; email: string; message: string };

/** Hidden from people (a bot that fills it gives itself away), so not one of the owner's words. */
const HONEYPOT_LABEL = "Leave this empty";

const back = (words: ContactWords) => html`<p><a href="/#contact">${words.FormBack}</a></p>`;

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
export function sendPage(
  words: ContactWords,
  fields: ContactFields,
  token: string,
  errors: FormErrors = {},
): string {
  return page({
    title: words.FormCheckHeading,
    body: html`${errors.form === undefined ? html`<p>${words.FormCheck}</p>` : errorSummary(errors)}
<form method="post" action="/contact">
<input type="hidden" name="token" value="${token}">
<div class="contact-trap" aria-hidden="true"><label for="${HONEYPOT_FIELD}">${HONEYPOT_LABEL}</label>
<input type="text" id="${HONEYPOT_FIELD}" name="${HONEYPOT_FIELD}" tabindex="-1" autocomplete="off"></div>
${field({ name: "name", label: words.FormName, value: fields.name, autocomplete: "name", errors })}
${field({ name: "email", label: words.FormEmail, type: "email", value: fields.email, autocomplete: "email", errors })}
${textarea("message", words.FormMessage, fields.message, errors)}
<button type="submit">${words.FormSend}</button>
</form>
${back(words)}`,
  });
}

export function thanksPage(words: ContactWords): string {
  return page({
    title: words.FormThanksHeading,
    body: html`<p role="status">${words.FormThanks}</p>${back(words)}`,
  });
}

export function tryLaterPage(words: ContactWords): string {
  return page({
    title: words.FormBusyHeading,
    body: html`<p>${words.FormBusy}</p>${back(words)}`,
  });
}

export function alreadySentPage(words: ContactWords): string {
  return page({
    title: words.FormAlreadySentHeading,
    body: html`<p>${words.FormAlreadySent}</p>${back(words)}`,
  });
}
