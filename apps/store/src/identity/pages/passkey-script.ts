/**
 * @module The one script of the members' pages beyond `web_message`: passkeys, which need the
 * browser's WebAuthn. It fills the hidden fields of a server-rendered form (the challenge and the
 * credential as JSON) and posts it, so the store answers with a page as it does for any form.
 * Served as a file (the pages' CSP allows no inline script); without JavaScript, or in a browser
 * without WebAuthn's JSON helpers, the passkey forms say what is missing and the rest works.
 */
export const PASSKEY_SCRIPT_PATH = "/members/assets/passkeys.js";

export const PASSKEY_JS = `const supported =
  typeof PublicKeyCredential === "function" &&
  typeof PublicKeyCredential.parseRequestOptionsFromJSON === "function";

function say(form, text) {
  let alert = form.querySelector(".alert");
  if (!alert) {
    alert = document.createElement("p");
    alert.className = "alert";
    alert.setAttribute("role", "alert");
    form.querySelector("button[type=submit]").before(alert);
  }
  alert.textContent = text;
}

async function answer(response) {
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.message || "The passkey could not be used. Try again.");
  return data;
}

function why(error) {
  if (error && error.name === "NotAllowedError") return "The passkey request was cancelled or timed out.";
  return (error && error.message) || "The passkey could not be used. Try again.";
}

function post(form, challengeId, credential) {
  form.elements.challengeId.value = challengeId;
  form.elements.credential.value = JSON.stringify(credential.toJSON());
  form.submit();
}

const add = document.getElementById("add-passkey");
if (add) {
  add.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!supported) return say(add, "This browser cannot add a passkey here.");
    try {
      const fields = new URLSearchParams();
      for (const name of ["csrf", "form_token", "passkeyPassword"]) {
        const field = add.elements[name];
        if (field) fields.set(name, field.value);
      }
      const { challengeId, options } = await answer(
        await fetch("/members/account/passkeys/options", { method: "POST", body: fields }),
      );
      const publicKey = PublicKeyCredential.parseCreationOptionsFromJSON(options);
      post(add, challengeId, await navigator.credentials.create({ publicKey }));
    } catch (error) {
      say(add, why(error));
    }
  });
}

const signIn = document.getElementById("passkey-sign-in");
if (signIn && supported) {
  signIn.hidden = false;
  let pending = null;
  const run = async (mediation) => {
    if (pending) pending.abort();
    const controller = new AbortController();
    pending = controller;
    const { challengeId, options } = await answer(
      await fetch("/_api/iam/authentication/v2/webauthn/options", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      }),
    );
    const publicKey = PublicKeyCredential.parseRequestOptionsFromJSON(options);
    const credential = await navigator.credentials.get({
      publicKey,
      signal: controller.signal,
      ...(mediation ? { mediation } : {}),
    });
    post(signIn, challengeId, credential);
  };
  signIn.addEventListener("submit", (event) => {
    event.preventDefault();
    run().catch((error) => {
      if (error && error.name !== "AbortError") say(signIn, why(error));
    });
  });
  // The e-mail field offers the browser's passkeys as it is focused (autofill); not again on a
  // page that reports a refusal, so a refused passkey is not offered in a loop.
  if (PublicKeyCredential.isConditionalMediationAvailable && !document.querySelector(".alert")) {
    PublicKeyCredential.isConditionalMediationAvailable().then((available) => {
      if (available) run("conditional").catch(() => {});
    });
  }
}
`;
