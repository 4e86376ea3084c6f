/**
 * @module The account page's passkey calls. The browser half of the ceremony
 * (`@simplewebauthn/browser`) is imported on first use, so it never weighs on a page that does
 * not ask for a passkey.
 */
import { type LoginResult, toLoginResult } from "@consultant/content-client/members";
import type { Passkey, PasskeyChanged, Passkeys } from "@consultant/site-content/wire";
import { STORE_BASE_URL, tokenStore } from "../member-clients.ts";

const AUTH = "/_api/iam/authentication/v2";
const OWN = "/_api/iam/passkeys/v1";

const webauthn = () => import("@simplewebauthn/browser");

/** The store's message for a failed call, or the browser's for a cancelled ceremony. */
export class PasskeyError extends Error {}

async function call<T>(method: string, path: string, body?: unknown, member = false): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  const access = member ? tokenStore.get()?.accessToken.value : undefined;
  if (access) headers.authorization = access;
  const response = await fetch(`${STORE_BASE_URL}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    throw new PasskeyError(typeof answer.message === "string" ? answer.message : "");
  }
  return answer as T;
}

type Options = { challengeId: string; options: never };

/** True when this browser can use passkeys at all. */
export async function passkeysSupported(): Promise<boolean> {
  return (await webauthn()).browserSupportsWebAuthn();
}

/**
 * Signs in with any passkey of this site. With `autofill`, waits for the member to pick one in
 * the e-mail field's suggestions (conditional mediation); resolves null when the browser has no
 * such suggestions.
 */
export async function signInWithPasskey(autofill = false): Promise<LoginResult | null> {
  const browser = await webauthn();
  if (autofill && !(await browser.browserSupportsWebAuthnAutofill())) return null;
  const { challengeId, options } = await call<Options>("POST", `${AUTH}/webauthn/options`, {});
  const credential = await browser.startAuthentication({
    optionsJSON: options,
    useBrowserAutofill: autofill,
  });
  return toLoginResult(await call("POST", `${AUTH}/webauthn/login`, { challengeId, credential }));
}

/** Answers a second-factor step with a passkey of the account. */
export async function passkeyForStep(stateToken: string): Promise<LoginResult> {
  const browser = await webauthn();
  const { challengeId, options } = await call<Options>("POST", `${AUTH}/webauthn/options`, {
    stateToken,
  });
  const credential = await browser.startAuthentication({ optionsJSON: options });
  return toLoginResult(
    await call("POST", `${AUTH}/webauthn/verify`, {
      stateToken,
      webauthnData: { challengeId, credential },
    }),
  );
}

export async function listPasskeys(): Promise<Passkey[]> {
  return (await call<Passkeys>("GET", `${OWN}/passkeys`, undefined, true)).passkeys;
}

/** Makes a passkey on this device and keeps it under `name`. */
export async function addPasskey(name: string): Promise<Passkey> {
  const browser = await webauthn();
  const { challengeId, options } = await call<Options>(
    "POST",
    `${OWN}/registration-options`,
    {},
    true,
  );
  const credential = await browser.startRegistration({ optionsJSON: options });
  const body = { challengeId, credential, ...(name.trim() ? { name: name.trim() } : {}) };
  return (await call<PasskeyChanged>("POST", `${OWN}/passkeys`, body, true)).passkey;
}

export async function renamePasskey(id: string, name: string): Promise<Passkey> {
  const path = `${OWN}/passkeys/${encodeURIComponent(id)}`;
  return (await call<PasskeyChanged>("PATCH", path, { name }, true)).passkey;
}

export async function removePasskey(id: string): Promise<void> {
  await call("DELETE", `${OWN}/passkeys/${encodeURIComponent(id)}`, undefined, true);
}
