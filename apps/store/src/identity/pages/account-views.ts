/**
 * @module The signed-in member's account page: the greeting by name, their name, password, two-step
 * verification, passkeys, where they are signed in, recent sign-ins, their data (export,
 * deletion) and signing out. Every change is a form of its own that works without JavaScript;
 * adding a passkey is the one part a script adds (docs/members.md, "The security page").
 */
import {
  type AccountSession,
  type SignInEntry,
  signInMethodWords,
} from "@consultant/site-content/wire";
import {
  errorSummary,
  type FormErrors,
  field,
  type Html,
  hidden,
  html,
  page,
} from "../../platform/pages/html.ts";
import { PASSKEY_SCRIPT_PATH } from "./passkey-script.ts";

export type AccountView = {
  email: string;
  /** The name they go by (identity/member-name.ts), null when they gave none. */
  name: string | null;
  csrf: string;
  totpEnabled: boolean;
  /** The sign-in is older than the re-authentication window: sensitive forms ask the password. */
  passwordNeeded: boolean;
  passwordMinLength: number;
  sessions: readonly AccountSession[];
  signIns: readonly SignInEntry[];
  /** The passkeys section (account-passkey-views.ts), or nothing. */
  passkeys?: Html;
  notice?: string;
  errors?: FormErrors;
};

// Made for the first page that shows a time, not at start: making it pages in ICU's date and
// zone data, 5 MB the idle store would keep (docs/benchmarks.md, idle memory).
let whenFormat: Intl.DateTimeFormat | undefined;

/** A time as the page says it ("5 Dec 2026, 06:10 UTC"), machine-readable too. */
export function when(iso: string): Html {
  whenFormat ??= new Intl.DateTimeFormat("en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "UTC",
  });
  return html`<time datetime="${iso}">${whenFormat.format(new Date(iso))} UTC</time>`;
}

/** The current password, asked by a sensitive form when the sign-in is not recent. */
function passwordProof(view: AccountView, name: string): Html | string {
  if (!view.passwordNeeded) return "";
  return field({
    name,
    label: "Your current password",
    type: "password",
    autocomplete: "current-password",
    hint: "You signed in more than 10 minutes ago: confirm it is you.",
    errors: view.errors ?? {},
  });
}

function nameSection(view: AccountView): Html {
  return html`<section aria-labelledby="name-heading">
<h2 id="name-heading">Your name</h2>
<form method="post" action="/members/account/name" novalidate>
${hidden("csrf", view.csrf)}
${field({ name: "name", label: "Name", value: view.name ?? "", autocomplete: "name", hint: "How the site greets you.", errors: view.errors ?? {} })}
<button type="submit">Save the name</button>
</form>
</section>`;
}

function passwordSection(view: AccountView): Html {
  return html`<section aria-labelledby="password-heading">
<h2 id="password-heading">Password</h2>
<form method="post" action="/members/account/password" novalidate>
${hidden("csrf", view.csrf)}
${passwordProof(view, "currentPassword")}
${field({ name: "newPassword", label: "New password", type: "password", autocomplete: "new-password", hint: `At least ${view.passwordMinLength} characters. Your other devices are signed out.`, errors: view.errors ?? {} })}
<button type="submit">Change the password</button>
</form>
</section>`;
}

function twoStepSection(view: AccountView): Html {
  const errors = view.errors ?? {};
  const password = passwordProof(view, "password");
  return html`<section aria-labelledby="two-step-heading">
<h2 id="two-step-heading">Two-step verification</h2>
${
  view.totpEnabled
    ? html`<p>On: signing in asks for a code from your authenticator app.</p>
<form method="post" action="/members/account/two-factor/disable" novalidate>
${hidden("csrf", view.csrf)}
${field({ name: "code", label: "Current code from the app, or a recovery code", autocomplete: "one-time-code", errors })}
${password}
<button type="submit" class="secondary">Turn off two-step verification</button>
</form>`
    : html`<p>Off. Add a code from an authenticator app to every sign-in.</p>
<form method="post" action="/members/account/two-factor" novalidate>
${hidden("csrf", view.csrf)}
${password}
<button type="submit">Set up two-step verification</button>
</form>`
}
</section>`;
}

function sessionRow(view: AccountView, session: AccountSession): Html {
  const what = html`${session.device} · ${session.address ?? "unknown address"} · last used ${when(session.lastUsedAt)}`;
  if (session.current) return html`<li><span>${what} <strong>(this device)</strong></span></li>`;
  return html`<li><span>${what}</span>
<form method="post" action="/members/account/sessions/end">
${hidden("csrf", view.csrf)}
${hidden("session", session.id)}
<button type="submit" class="secondary">End this session<span class="sr-only">: ${session.device}, last used ${when(session.lastUsedAt)}</span></button>
</form></li>`;
}

function sessionsSection(view: AccountView): Html {
  return html`<section aria-labelledby="sessions-heading">
<h2 id="sessions-heading">Where you are signed in</h2>
<ul class="rows" aria-label="Sessions">${view.sessions.map((session) => sessionRow(view, session))}</ul>
${
  view.sessions.length > 1
    ? html`<form method="post" action="/members/account/sessions/end-others">
${hidden("csrf", view.csrf)}
<button type="submit" class="secondary">End all other sessions</button>
</form>`
    : ""
}
<p>Lost a device, or signed in somewhere you no longer trust? This ends every sign-in, here too.</p>
<form method="post" action="/members/account/sign-out-everywhere">
${hidden("csrf", view.csrf)}
<button type="submit" class="secondary">Sign out everywhere</button>
</form>
</section>`;
}

function signInsSection(view: AccountView): Html {
  return html`<section aria-labelledby="sign-ins-heading">
<h2 id="sign-ins-heading">Recent sign-ins</h2>
${
  view.signIns.length === 0
    ? html`<p>No sign-ins in the last 90 days.</p>`
    : html`<ul class="rows" aria-label="Recent sign-ins">${view.signIns.map(
        (entry) =>
          html`<li>${when(entry.at)} · ${entry.outcome === "success" ? "signed in" : "failed attempt"} · ${signInMethodWords(entry.method)} · ${entry.address ?? "unknown address"}</li>`,
      )}</ul>`
}
</section>`;
}

function dataSection(view: AccountView): Html {
  const errors = view.errors ?? {};
  const confirmError = errors.confirm;
  return html`<section aria-labelledby="data-heading">
<h2 id="data-heading">Your data</h2>
<p>A zip file of everything the site keeps about you: your profile, sessions, sign-ins, mails and files.</p>
<form method="post" action="/members/account/export">
${hidden("csrf", view.csrf)}
<button type="submit" class="secondary">Download your data</button>
</form>
</section>
<section aria-labelledby="delete-heading">
<h2 id="delete-heading">Delete your account</h2>
<p>Your account, your sign-ins and the files you sent are removed for good. This cannot be undone.</p>
<form method="post" action="/members/account/delete" novalidate>
${hidden("csrf", view.csrf)}
<div class="field check">
<input type="checkbox" id="confirm" name="confirm" value="on"${confirmError === undefined ? "" : html` aria-invalid="true" aria-describedby="confirm-error" autofocus`}>
<label for="confirm">Yes, delete my account for good</label>
${confirmError === undefined ? "" : html`<p class="error" id="confirm-error">${confirmError}</p>`}
</div>
${passwordProof(view, "confirmPassword")}
<button type="submit" class="danger">Delete my account</button>
</form>
</section>`;
}

export function accountPage(view: AccountView): string {
  return page({
    title: "Your account",
    wide: true,
    script: PASSKEY_SCRIPT_PATH,
    body: html`${errorSummary(view.errors ?? {})}
${view.notice === undefined ? "" : html`<p class="notice" role="status">${view.notice}</p>`}
${view.name === null ? "" : html`<p class="greeting">Welcome, ${view.name}.</p>`}
<p>Signed in as <strong>${view.email}</strong>.</p>
<form method="post" action="/members/sign-out">
${hidden("csrf", view.csrf)}
<button type="submit" class="secondary">Sign out</button>
</form>
${nameSection(view)}
${passwordSection(view)}
${twoStepSection(view)}
${view.passkeys ?? ""}
${sessionsSection(view)}
${signInsSection(view)}
${dataSection(view)}`,
  });
}
