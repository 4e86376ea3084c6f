/**
 * @module The members' pages served by the store: sign in, sign up, e-mail code, second
 * factor, forgot and reset password, two-factor settings, and the outcome pages. Each returns a
 * whole HTML document; forms post to /members/* and work without JavaScript.
 */
import {
  errorSummary,
  type FormErrors,
  field,
  type Html,
  hidden,
  html,
  page,
  raw,
  WEB_MESSAGE_SCRIPT_PATH,
} from "../../platform/pages/html.ts";
import { CEREMONY_FIELDS } from "./account-passkey-views.ts";
import { PASSKEY_SCRIPT_PATH } from "./passkey-script.ts";

/** `/members/<path>` keeping the redirect session, when there is one. */
export function memberHref(path: string, session: string | null | undefined): string {
  return session ? `/members/${path}?session=${encodeURIComponent(session)}` : `/members/${path}`;
}

function links(session: string | null | undefined, items: [string, string][]): Html {
  return html`<nav class="links" aria-label="Other options">${items.map(
    ([path, label]) => html`<a href="${memberHref(path, session)}">${label}</a>`,
  )}</nav>`;
}

export function signInPage(input: {
  session: string | null;
  email?: string;
  errors?: FormErrors;
  notice?: string;
  continueAs?: string;
}): string {
  const errors = input.errors ?? {};
  return page({
    title: "Sign in",
    script: PASSKEY_SCRIPT_PATH,
    body: html`${errorSummary(errors)}
${input.notice === undefined ? "" : html`<p class="notice" role="status">${input.notice}</p>`}
${
  input.continueAs === undefined
    ? ""
    : html`<form method="post" action="/members/continue">
${hidden("session", input.session)}
<button type="submit" class="secondary">Continue as ${input.continueAs}</button>
</form>`
}
<form method="post" action="/members/sign-in" novalidate>
${hidden("session", input.session)}
${field({ name: "email", label: "E-mail", type: "email", value: input.email ?? "", autocomplete: "username webauthn", errors, autofocus: true })}
${field({ name: "password", label: "Password", type: "password", autocomplete: "current-password", errors })}
<button type="submit">Sign in</button>
</form>
<form method="post" action="/members/passkey" id="passkey-sign-in" hidden>
${hidden("session", input.session)}
${CEREMONY_FIELDS}
<button type="submit" class="secondary">Use a passkey</button>
</form>
${links(input.session, [
  ["sign-up", "Create an account"],
  ["forgot-password", "Forgot your password?"],
])}`,
  });
}

export function signUpPage(input: {
  session: string | null;
  email?: string;
  name?: string;
  errors?: FormErrors;
  passwordMinLength: number;
}): string {
  const errors = input.errors ?? {};
  return page({
    title: "Create an account",
    body: html`${errorSummary(errors)}
<form method="post" action="/members/sign-up" novalidate>
${hidden("session", input.session)}
${field({ name: "name", label: "Your name", value: input.name ?? "", autocomplete: "name", hint: "How the site greets you.", errors, autofocus: true })}
${field({ name: "email", label: "E-mail", type: "email", value: input.email ?? "", autocomplete: "email", errors })}
${field({ name: "password", label: "Password", type: "password", autocomplete: "new-password", hint: `At least ${input.passwordMinLength} characters.`, errors })}
<button type="submit">Create account</button>
</form>
${links(input.session, [["sign-in", "I already have an account"]])}`,
  });
}

export function verifyEmailPage(input: {
  session: string | null;
  stateToken: string;
  email: string;
  errors?: FormErrors;
  notice?: string;
}): string {
  const errors = input.errors ?? {};
  return page({
    title: "Check your e-mail",
    body: html`${errorSummary(errors)}
<p${input.notice === undefined ? "" : raw(' role="status"')}>${input.notice ?? `We sent a six-digit code to ${input.email}.`}</p>
<form method="post" action="/members/verify-email" novalidate>
${hidden("session", input.session)}
${hidden("stateToken", input.stateToken)}
${field({ name: "code", label: "Verification code", inputmode: "numeric", autocomplete: "one-time-code", errors, autofocus: true })}
<button type="submit">Verify</button>
</form>
<form method="post" action="/members/resend-code">
${hidden("session", input.session)}
${hidden("stateToken", input.stateToken)}
${hidden("email", input.email)}
<button type="submit" class="secondary">Send a new code</button>
</form>`,
  });
}

export function secondFactorPage(input: {
  session: string | null;
  stateToken: string;
  errors?: FormErrors;
}): string {
  const errors = input.errors ?? {};
  return page({
    title: "Two-step verification",
    body: html`${errorSummary(errors)}
<form method="post" action="/members/second-factor" novalidate>
${hidden("session", input.session)}
${hidden("stateToken", input.stateToken)}
${field({ name: "code", label: "Code from your authenticator app", hint: "Or one of your recovery codes.", autocomplete: "one-time-code", errors, autofocus: true })}
<div class="field check">
<input type="checkbox" id="remember" name="remember" value="on">
<label for="remember">Remember this device for 30 days</label>
</div>
<button type="submit">Continue</button>
</form>`,
  });
}

export function messagePage(title: string, message: string, link?: [string, string]): string {
  return page({
    title,
    body: html`<p>${message}</p>${link === undefined ? "" : html`<p><a href="${link[0]}">${link[1]}</a></p>`}`,
  });
}

export function forgotPasswordPage(input: {
  session: string | null;
  email?: string;
  errors?: FormErrors;
}): string {
  const errors = input.errors ?? {};
  return page({
    title: "Reset your password",
    body: html`${errorSummary(errors)}
<p>Enter your e-mail. If it belongs to an account, we send a link to choose a new password.</p>
<form method="post" action="/members/forgot-password" novalidate>
${hidden("session", input.session)}
${field({ name: "email", label: "E-mail", type: "email", value: input.email ?? "", autocomplete: "email", errors, autofocus: true })}
<button type="submit">Send the link</button>
</form>
${links(input.session, [["sign-in", "Back to sign in"]])}`,
  });
}

export function resetPasswordPage(input: {
  token: string;
  errors?: FormErrors;
  passwordMinLength: number;
}): string {
  const errors = input.errors ?? {};
  return page({
    title: "Choose a new password",
    body: html`${errorSummary(errors)}
<form method="post" action="/members/reset-password" novalidate>
${hidden("token", input.token)}
${field({ name: "password", label: "New password", type: "password", autocomplete: "new-password", hint: `At least ${input.passwordMinLength} characters.`, errors, autofocus: true })}
<button type="submit">Save the password</button>
</form>`,
  });
}

/** Asked when a sign-out did not come from the member's own page or token (logout CSRF). */
export function signOutConfirmPage(input: {
  email: string;
  csrf: string;
  session: string;
}): string {
  return page({
    title: "Sign out?",
    body: html`<p>You are signed in as <strong>${input.email}</strong>. Do you want to sign out?</p>
<form method="post" action="/members/sign-out">
${hidden("csrf", input.csrf)}
${hidden("session", input.session)}
<button type="submit">Sign out</button>
</form>
<p><a href="/members/account">Stay signed in</a></p>`,
  });
}

export function totpEnrolmentPage(input: {
  csrf: string;
  enrolmentToken: string;
  manualKey: string;
  qrSvg: string;
  errors?: FormErrors;
}): string {
  const errors = input.errors ?? {};
  const key = input.manualKey.replace(/(.{4})/g, "$1 ").trim();
  return page({
    title: "Set up two-step verification",
    body: html`${errorSummary(errors)}
<ol>
<li>Scan this QR code with an authenticator app.
<figure class="qr" role="img" aria-label="QR code of your two-step verification key">${raw(input.qrSvg)}</figure></li>
<li>Or type this key: <span class="key" id="manual-key">${key}</span></li>
<li>Enter the six-digit code the app shows.</li>
</ol>
<form method="post" action="/members/account/two-factor/confirm" novalidate>
${hidden("csrf", input.csrf)}
${hidden("enrolment", input.enrolmentToken)}
${field({ name: "code", label: "Code from the app", inputmode: "numeric", autocomplete: "one-time-code", errors, autofocus: true })}
<button type="submit">Turn on</button>
</form>`,
  });
}

export function recoveryCodesPage(codes: readonly string[]): string {
  return page({
    title: "Two-step verification is on",
    body: html`<p role="status">Keep these recovery codes somewhere safe. Each works once, in place of a code from the app. They are shown only now.</p>
<ul class="codes" aria-label="Recovery codes">${codes.map((code) => html`<li>${code}</li>`)}</ul>
<p><a href="/members/account">Back to your account</a></p>`,
  });
}

/** Posts `{code, state}` (or the OAuth error) to the parent frame through a script file. */
export function webMessagePage(data: Record<string, string>): string {
  return page({
    title: "Signing in",
    body: html`<p>You can close this window.</p>`,
    data,
    script: WEB_MESSAGE_SCRIPT_PATH,
  });
}
