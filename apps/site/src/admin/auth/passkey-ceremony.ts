/**
 * @module The editor's passkey ceremonies: the browser half
 * (`@simplewebauthn/browser`) is imported on first use only.
 */
import type { EditorApi, SessionState } from "../api/editor-api.ts";

const webauthn = () => import("@simplewebauthn/browser");

/**
 * Signs in with a passkey: alone (any passkey of this site; with `autofill`, the one picked in
 * the e-mail field's suggestions, or null when the browser offers none), or as the second step.
 */
export async function signInWithPasskey(
  api: EditorApi,
  how: { autofill?: boolean; stateToken?: string } = {},
): Promise<SessionState | null> {
  const browser = await webauthn();
  if (how.autofill === true && !(await browser.browserSupportsWebAuthnAutofill())) return null;
  const { challengeId, options } = await api.passkeyOptions(how.stateToken);
  const credential = await browser.startAuthentication({
    optionsJSON: options,
    useBrowserAutofill: how.autofill === true,
  });
  return api.signInPasskey(challengeId, credential, how.stateToken);
}

/** Makes a passkey on this device for the signed-in editor and keeps it under `name`. */
export async function addPasskey(api: EditorApi, name: string): Promise<void> {
  const browser = await webauthn();
  const { challengeId, options } = await api.passkeyRegistration();
  const credential = await browser.startRegistration({ optionsJSON: options });
  await api.addPasskey(challengeId, credential, name);
}
