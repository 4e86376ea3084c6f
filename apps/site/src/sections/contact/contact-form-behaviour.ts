/**
 * The contact form's behaviour in the browser, loaded on first focus: it sends in place, puts
 * each field's error beside it (and focus on the first), and swaps the form for its thanks. It
 * works on the server-rendered markup of `ContactForm`, so the page's own script stays small.
 */
import { prepareToken, sendMessage } from "./send-message.ts";

/** Asks for a token early (when the visitor starts writing), so the time on the page counts. */
export function prepareContactForm(): void {
  prepareToken().catch(() => undefined);
}

const later = (form: HTMLFormElement, key: string) =>
  form.querySelector(`[data-later="${key}"]`)?.textContent ?? "";

function showErrors(form: HTMLFormElement, errors: Record<string, string>): void {
  for (const field of form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    "input[required], textarea[required]",
  )) {
    const error = errors[field.name];
    const note = form.querySelector<HTMLElement>(`#${field.id}-error`);
    field.setAttribute("aria-invalid", String(error !== undefined));
    if (error === undefined) field.removeAttribute("aria-describedby");
    else field.setAttribute("aria-describedby", `${field.id}-error`);
    if (note !== null) {
      note.textContent = error ?? "";
      note.hidden = error === undefined;
    }
  }
}

export async function submitContactForm(form: HTMLFormElement): Promise<void> {
  const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
  const label = button?.querySelector("span");
  const sendLabel = label?.textContent ?? "";
  const notice = form.querySelector<HTMLElement>("[data-notice]");
  const data = Object.fromEntries(new FormData(form)) as Record<string, string>;
  if (button) button.disabled = true;
  if (label) label.textContent = later(form, "FormSending");
  if (notice) notice.textContent = "";
  const result = await sendMessage(data).catch(() => ({ ok: false as const, fields: {} }));
  if (button) button.disabled = false;
  if (label) label.textContent = sendLabel;
  if (result.ok) {
    const thanks = form.parentElement?.querySelector<HTMLElement>("[data-thanks]");
    form.hidden = true;
    if (thanks) {
      thanks.hidden = false;
      requestAnimationFrame(() => thanks.querySelector<HTMLElement>("h3")?.focus());
    }
    return;
  }
  showErrors(form, result.fields);
  const fields = Object.keys(result.fields);
  if (notice) {
    notice.textContent =
      fields.length > 0
        ? later(form, "FormFix")
        : ("message" in result && result.message) || later(form, "FormFailed");
  }
  form.querySelector<HTMLElement>(`[name="${fields[0] ?? "name"}"]`)?.focus();
}
