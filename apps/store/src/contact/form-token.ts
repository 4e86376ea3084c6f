/**
 * @module The contact form's token: when it was issued, a random nonce, the proof of work it
 * asks for and, for a token without work (the page without JavaScript), the client it was given
 * to, signed with the store's key (HMAC), so a post proves it followed a token the store gave
 * out, how long after, and cannot lower the work asked of it nor carry a workless token to
 * another address. Single use is the caller's (the nonce is counted once).
 */
import { createHash, randomBytes } from "node:crypto";
import { keyedDigest, sameSecret } from "../platform/secrets/secrets.ts";

const LABEL = "contact-form";
const CLIENT_LABEL = "contact-form-client";
const MAX_TOKEN_LENGTH = 240;

/** `client`: the keyed digest of the client key a workless token is bound to, else "". */
export type FormToken = { issuedAt: number; nonce: string; workBits: number; client: string };

/** What a token bound to `client` carries: a short keyed digest, not the address. */
export function clientBinding(key: Uint8Array, client: string): string {
  return keyedDigest(key, CLIENT_LABEL, client).slice(0, 22);
}

export function signFormToken(
  key: Uint8Array,
  issuedAt: number,
  workBits: number,
  client = "",
): string {
  const nonce = randomBytes(12).toString("base64url");
  const payload = `${issuedAt.toString(36)}.${nonce}.${workBits}.${client}`;
  return `${payload}.${keyedDigest(key, LABEL, payload)}`;
}

/** The token's contents, or null when the store did not sign it (forged, altered, not a token). */
export function readFormToken(key: Uint8Array, token: string): FormToken | null {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  const parts = token.split(".");
  if (parts.length !== 5) return null;
  const [issued = "", nonce = "", bits = "", client = "", signature = ""] = parts;
  const payload = `${issued}.${nonce}.${bits}.${client}`;
  if (!sameSecret(signature, keyedDigest(key, LABEL, payload))) return null;
  const issuedAt = Number.parseInt(issued, 36);
  const workBits = Number(bits);
  if (!Number.isSafeInteger(issuedAt) || !Number.isInteger(workBits)) return null;
  return { issuedAt, nonce, workBits, client };
}

/** True when SHA-256 of `token:answer` starts with `bits` zero bits (the page's solver finds one). */
export function workDone(token: string, answer: string, bits: number): boolean {
  if (bits <= 0) return true;
  if (answer === "" || answer.length > 32) return false;
  const digest = createHash("sha256").update(`${token}:${answer}`).digest();
  for (let bit = 0; bit < bits; bit++) {
    const byte = digest[bit >> 3] ?? 0;
    if ((byte >> (7 - (bit & 7))) & 1) return false;
  }
  return true;
}
