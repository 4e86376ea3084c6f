/**
 * @module Markup helpers for the members' pages: escaping, the page frame, labelled fields with
 * their errors tied to them. No inline scripts or style attributes (a strict CSP applies).
 */

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Escapes text for element content and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** Markup that is already safe (built from escaped parts). */
export type Html = { readonly html: string };

export function raw(html: string): Html {
  return { html };
}

/** Tagged template: interpolated strings are escaped, `Html` values and arrays are kept. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0] ?? "";
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? "");
  });
  return { html: out };
}

function render(value: unknown): string {
  if (value === null || value === undefined || value === false) return "";
  if (Array.isArray(value)) return value.map(render).join("");
  if (typeof value === "object" && "html" in value) return (value as Html).html;
  return escapeHtml(String(value));
}

export const CSS_PATH = "/members/assets/members.css";
export const WEB_MESSAGE_SCRIPT_PATH = "/members/assets/web-message.js";
export const THEME_SCRIPT_PATH = "/members/assets/theme.js";
/** Where the site's header goes (site-frame.ts fills it in when the page is sent). */
export const SITE_FRAME_MARK = "<!--site-frame-->";

export type PageOptions = {
  title: string;
  body: Html;
  /** Data attributes for the body (the web_message script reads them). */
  data?: Record<string, string>;
  script?: string;
  /** A page of several sections (the account, the client area): a wider card. */
  wide?: boolean;
};

/** The whole document: language, viewport, the theme, one stylesheet, the site's header, a main landmark. */
export function page({ title, body, data = {}, script, wide = false }: PageOptions): string {
  const attributes = Object.entries(data)
    .map(([name, value]) => ` data-${name}="${escapeHtml(value)}"`)
    .join("");
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${title}</title>
<script src="${THEME_SCRIPT_PATH}"></script>
<link rel="stylesheet" href="${CSS_PATH}">
${script === undefined ? "" : raw(`<script src="${escapeHtml(script)}" defer></script>`)}
</head>
<body${raw(attributes)}>
${raw(SITE_FRAME_MARK)}
<main class="card${wide ? " wide" : ""}">
<h1>${title}</h1>
${body}
</main>
</body>
</html>
`.html;
}

/** Field errors by field name; `form` is the message about the whole form. */
export type FormErrors = Partial<Record<string, string>>;

/** A form-level error summary, announced when the page loads. */
export function errorSummary(errors: FormErrors): Html {
  const message = errors.form;
  if (message === undefined) return raw("");
  return html`<p class="alert" role="alert" id="form-error">${message}</p>`;
}

export type FieldOptions = {
  name: string;
  label: string;
  type?: string;
  value?: string;
  autocomplete?: string;
  hint?: string;
  errors: FormErrors;
  inputmode?: string;
  required?: boolean;
  autofocus?: boolean;
};

/** True when some error belongs to a field (that field takes the focus). */
function pointsAtField(errors: FormErrors): boolean {
  return Object.keys(errors).some((name) => name !== "form");
}

/** A labelled input; its error and hint are tied to it with aria-describedby. */
export function field(options: FieldOptions): Html {
  const { name, label, errors } = options;
  const error = errors[name] ?? (errors.formField === name ? errors.form : undefined);
  const described = [
    options.hint === undefined ? null : `${name}-hint`,
    error === undefined ? null : `${name}-error`,
  ].filter((id) => id !== null);
  const attributes = [
    `type="${escapeHtml(options.type ?? "text")}"`,
    `id="${escapeHtml(name)}"`,
    `name="${escapeHtml(name)}"`,
    options.value === undefined ? "" : `value="${escapeHtml(options.value)}"`,
    options.autocomplete === undefined ? "" : `autocomplete="${escapeHtml(options.autocomplete)}"`,
    options.inputmode === undefined ? "" : `inputmode="${escapeHtml(options.inputmode)}"`,
    options.required === false ? "" : "required",
    error === undefined ? "" : 'aria-invalid="true"',
    described.length > 0 ? `aria-describedby="${described.join(" ")}"` : "",
    error !== undefined || (options.autofocus === true && !pointsAtField(errors))
      ? "autofocus"
      : "",
  ]
    .filter((part) => part !== "")
    .join(" ");
  return html`<div class="field">
<label for="${name}">${label}</label>
${options.hint === undefined ? "" : html`<p class="hint" id="${name}-hint">${options.hint}</p>`}
<input ${raw(attributes)}>
${error === undefined ? "" : html`<p class="error" id="${name}-error">${error}</p>`}
</div>`;
}

export function hidden(name: string, value: string | null | undefined): Html {
  if (value === null || value === undefined || value === "") return raw("");
  return html`<input type="hidden" name="${name}" value="${value}">`;
}
