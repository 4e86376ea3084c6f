/**
 * The members' pages' markup, as an attacker fills their fields: every character that could
 * open a tag or leave an attribute comes back escaped, only markup built from escaped parts is
 * kept as is, and each field's error and hint are tied to it for a screen reader.
 */
import { describe, expect, test } from "vitest";
import {
  CSS_PATH,
  errorSummary,
  escapeHtml,
  field,
  hidden,
  html,
  page,
  raw,
  SITE_FRAME_MARK,
  THEME_SCRIPT_PATH,
} from "./html.ts";

const ATTACK = `"><script>alert('x')</script>&`;
const ESCAPED = "&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;";

describe("escaping", () => {
  test("each of & < > \" ' becomes its entity, everything else stays", () => {
    expect(escapeHtml(ATTACK)).toBe(ESCAPED);
    expect(escapeHtml("Zoë & Ada's <b>")).toBe("Zoë &amp; Ada&#39;s &lt;b&gt;");
    expect(escapeHtml("plain text")).toBe("plain text");
  });

  test("the html tag escapes what it is given, keeps built markup, flattens lists", () => {
    const built = html`<p>${ATTACK}</p>`;
    expect(built.html).toBe(`<p>${ESCAPED}</p>`);
    expect(html`<div>${built}${[raw("<i>a</i>"), "<b>"]}</div>`.html).toBe(
      `<div><p>${ESCAPED}</p><i>a</i>&lt;b&gt;</div>`,
    );
    expect(html`a${null}b${undefined}c${false}d${0}e`.html).toBe("abcd0e");
    expect(html`${"only"}`.html).toBe("only");
  });

  test("an object that is not built markup is escaped as text, not kept", () => {
    expect(html`${{ toString: () => "<b>" }}`.html).toBe("&lt;b&gt;");
  });
});

describe("the page", () => {
  const whole = page({
    title: `Sign in ${ATTACK}`,
    body: html`<p>${"body"}</p>`,
    data: { origin: ATTACK, mode: "popup" },
    script: `/members/assets/x.js?${ATTACK}`,
  });

  test("has the language, viewport, no referrer, the theme script, stylesheet and one main", () => {
    expect(whole.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    expect(whole).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(whole).toContain('<meta name="referrer" content="no-referrer">');
    expect(whole).toContain(`<script src="${THEME_SCRIPT_PATH}"></script>`);
    expect(whole).toContain(`<link rel="stylesheet" href="${CSS_PATH}">`);
    expect(whole).toContain(`${SITE_FRAME_MARK}\n<main class="card">`);
    expect(whole).toContain("<p>body</p>\n</main>");
  });

  test("a title, data attribute or script address cannot break out of its place", () => {
    expect(whole).toContain(`<title>Sign in ${ESCAPED}</title>`);
    expect(whole).toContain(`<h1>Sign in ${ESCAPED}</h1>`);
    expect(whole).toContain(`<body data-origin="${ESCAPED}" data-mode="popup">`);
    expect(whole).toContain(`<script src="/members/assets/x.js?${ESCAPED}" defer></script>`);
    expect(whole).not.toContain("<script>alert");
  });

  test("without data or a script, the body has no attributes and no deferred script", () => {
    const bare = page({ title: "T", body: raw("") });
    expect(bare).toContain("<body>\n");
    expect(bare).not.toContain("defer");
  });
});

describe("fields", () => {
  test("a plain field: labelled, typed text, required, nothing else", () => {
    expect(field({ name: "email", label: "E-mail", errors: {} }).html).toBe(
      '<div class="field">\n<label for="email">E-mail</label>\n\n' +
        '<input type="text" id="email" name="email" required>\n\n</div>',
    );
  });

  test("every option becomes its attribute, escaped", () => {
    const markup = field({
      name: "code",
      label: "Code",
      type: "tel",
      value: ATTACK,
      autocomplete: "one-time-code",
      inputmode: "numeric",
      required: false,
      hint: "Six digits",
      errors: {},
    }).html;
    expect(markup).toContain(
      `<input type="tel" id="code" name="code" value="${ESCAPED}" autocomplete="one-time-code" ` +
        'inputmode="numeric" aria-describedby="code-hint">',
    );
    expect(markup).toContain('<p class="hint" id="code-hint">Six digits</p>');
  });

  test("a field's error is announced with it, marks it invalid and takes the focus", () => {
    const markup = field({
      name: "password",
      label: "Password",
      type: "password",
      hint: "At least 8 characters",
      errors: { password: `Too short ${ATTACK}` },
    }).html;
    expect(markup).toContain(
      'required aria-invalid="true" aria-describedby="password-hint password-error" autofocus>',
    );
    expect(markup).toContain(`<p class="error" id="password-error">Too short ${ESCAPED}</p>`);
  });

  test("the form's message can name the field it is about", () => {
    const markup = field({
      name: "email",
      label: "E-mail",
      errors: { form: "No account with that e-mail", formField: "email" },
    }).html;
    expect(markup).toContain('aria-invalid="true" aria-describedby="email-error" autofocus>');
    expect(markup).toContain('<p class="error" id="email-error">No account with that e-mail</p>');
    const other = field({
      name: "password",
      label: "P",
      errors: { form: "x", formField: "email" },
    });
    expect(other.html).not.toContain("aria-invalid");
  });

  test("autofocus goes to the asked field unless another field has an error", () => {
    const asked = { name: "email", label: "E-mail", autofocus: true } as const;
    expect(field({ ...asked, errors: {} }).html).toContain("required autofocus>");
    expect(field({ ...asked, errors: { form: "Wrong password" } }).html).toContain("autofocus");
    expect(field({ ...asked, errors: { password: "Too short" } }).html).not.toContain("autofocus");
  });
});

describe("the summary and hidden fields", () => {
  test("the form's message is an alert; without one there is nothing", () => {
    expect(errorSummary({ form: ATTACK }).html).toBe(
      `<p class="alert" role="alert" id="form-error">${ESCAPED}</p>`,
    );
    expect(errorSummary({ email: "x" }).html).toBe("");
  });

  test("a hidden field carries its value escaped, and is left out when there is none", () => {
    expect(hidden("state", ATTACK).html).toBe(
      `<input type="hidden" name="state" value="${ESCAPED}">`,
    );
    for (const none of [null, undefined, ""]) expect(hidden("state", none).html).toBe("");
  });
});
