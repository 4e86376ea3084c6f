import { bytesToBase64 } from "../base64.ts";
import { sha256 } from "./sha256.ts";

/** The 66 characters a PKCE code verifier is made of (RFC 7636 "unreserved"). */
export const VERIFIER_ALPHABET =
  "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~";
/** Shortest and longest code verifier RFC 7636 allows; the default length is the shortest. */
export const MIN_VERIFIER_LENGTH = 43;
export const MAX_VERIFIER_LENGTH = 128;

/** A PKCE pair and the `state` that ties a callback to the request that started it. */
export interface OAuthPkce {
  codeVerifier: string;
  codeChallenge: string;
  state: string;
}

/** What an app keeps between starting a redirect login and handling its callback (the SDK's `OauthData`). */
export interface OAuthData extends OAuthPkce {
  /** Where the sign-in page sends the browser back with `code` and `state`. */
  redirectUri: string;
  /** Where the app wants to return after the callback; `""` when not given. */
  originalUri: string;
}

/**
 * Creates a random code verifier from {@link VERIFIER_ALPHABET}.
 *
 * @param length - 43 to 128 characters; 43 by default.
 * @throws {RangeError} when `length` is outside 43..128.
 */
export function createCodeVerifier(length: number = MIN_VERIFIER_LENGTH): string {
  if (!Number.isInteger(length) || length < MIN_VERIFIER_LENGTH || length > MAX_VERIFIER_LENGTH) {
    throw new RangeError(`Expected a length between 43 and 128. Received ${length}.`);
  }
  const random = crypto.getRandomValues(new Uint8Array(length));
  let verifier = "";
  // `% 66` is slightly biased, exactly like the SDK; the verifier stays far above 256 bits of entropy.
  for (const byte of random) verifier += VERIFIER_ALPHABET[byte % VERIFIER_ALPHABET.length];
  return verifier;
}

/**
 * Returns the S256 challenge of a verifier: base64url (no padding) of SHA-256 over its ASCII bytes.
 *
 * @throws never; any string is accepted.
 */
export function createCodeChallenge(verifier: string): string {
  return bytesToBase64(sha256(new TextEncoder().encode(verifier)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/**
 * Creates a fresh PKCE pair and an independent random `state` (the challenge of a second verifier, as the SDK does).
 *
 * @throws never.
 */
export function createPkce(): OAuthPkce {
  const codeVerifier = createCodeVerifier();
  return {
    codeVerifier,
    codeChallenge: createCodeChallenge(codeVerifier),
    state: createCodeChallenge(createCodeVerifier()),
  };
}

/**
 * Creates the data a redirect login needs (docs/protocol.md §7.1); keep it (for example in
 * `sessionStorage`) until the callback.
 *
 * @param redirectUri - The callback URL, allowed by the store.
 * @param originalUri - Where to go after the callback; `""` by default.
 * @throws never.
 */
export function generateOAuthData(redirectUri: string, originalUri?: string): OAuthData {
  return { redirectUri, originalUri: originalUri ?? "", ...createPkce() };
}
