/** @module The account page's passkeys: the list (rename, remove) and adding one (a script). */
import type { Passkey } from "@consultant/site-content/wire";
import { type FormErrors, field, type Html, hidden, html, raw } from "../../platform/pages/html.ts";
import { when } from "./account-views.ts";

/** The hidden fields the passkey script fills before it posts the form. */
export const CEREMONY_FIELDS = raw(
  '<input type="hidden" name="challengeId" value="">\n<input type="hidden" name="credential" value="">',
);

function passkeyRow(csrf: string, passkey: Passkey, index: number): Html {
  const id = `passkey-name-${index + 1}`;
  return html`<li>
<form method="post" action="/members/account/passkeys/rename" class="inline">
${hidden("csrf", csrf)}
${hidden("passkey", passkey.id)}
<label for="${id}">Name</label>
<input type="text" id="${id}" name="name" value="${passkey.name}" maxlength="100" required>
<button type="submit" class="secondary">Save<span class="sr-only"> the name of ${passkey.name}</span></button>
</form>
<span>Added ${when(passkey.createdDate)} · ${passkey.lastUsedDate === null ? "never used" : html`last used ${when(passkey.lastUsedDate)}`}</span>
<form method="post" action="/members/account/passkeys/remove">
${hidden("csrf", csrf)}
${hidden("passkey", passkey.id)}
<button type="submit" class="secondary">Remove<span class="sr-only"> ${passkey.name}</span></button>
</form>
</li>`;
}

export function passkeysSection(input: {
  csrf: string;
  passkeys: readonly Passkey[];
  passwordNeeded: boolean;
  errors: FormErrors;
}): Html {
  const { csrf, errors } = input;
  return html`<section aria-labelledby="passkeys-heading">
<h2 id="passkeys-heading">Passkeys</h2>
<p>Sign in with your device's fingerprint, face or PIN instead of the password.</p>
${
  input.passkeys.length === 0
    ? html`<p>You have no passkey yet.</p>`
    : html`<ul class="rows" aria-label="Your passkeys">${input.passkeys.map((passkey, index) => passkeyRow(csrf, passkey, index))}</ul>`
}
<form method="post" action="/members/account/passkeys" id="add-passkey" novalidate>
${hidden("csrf", csrf)}
${CEREMONY_FIELDS}
${field({ name: "passkeyName", label: "Passkey name (optional)", hint: "Say which device holds it, as “Work laptop”.", errors, required: false })}
${
  input.passwordNeeded
    ? field({
        name: "passkeyPassword",
        label: "Your current password",
        type: "password",
        autocomplete: "current-password",
        hint: "You signed in more than 10 minutes ago: confirm it is you.",
        errors,
      })
    : ""
}
<button type="submit">Add a passkey</button>
</form>
</section>`;
}
