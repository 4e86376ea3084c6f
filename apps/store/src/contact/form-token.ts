/**
 * @module The contact form's token: when it was issued, a random nonce and the proof of work it
 * asks for, signed with the store's key (HMAC), so a post proves it followed a token the store
 * gave out, how long after, and cannot lower the work asked of it. Single use is the caller's
 * (the nonce is counted once).
 */
import { createHash, randomBytes } from "node:crypto";
import { keyedDigest, sameSecret } from "../platform/secrets/secrets.ts";

const LABEL = "contact-form";
const MAX_TOKEN_LENGTH = 200;

export type FormToken = { issuedAt: number; nonce: string; workBits: number };

export function signFormToken(key: Uint8Array, issuedAt: number, workBits: number): string {
  const payload = `${issuedAt.toString(36)}.${randomBytes(12).toString("base64url")}.${workBits}`;
  return `${payload}.${keyedDigest(key, LABEL, payload)}`;
}

/** The token's contents, or null when the store did not sign it (forged, altered, not a token). */
export function readFormToken(key: Uint8Array, token: string): FormToken | null {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  const parts = token.split(".");
  if (parts.length !== 4) return null;
  const [issued = "", nonce = "", bits = "", signature = ""] = parts;
  const payload = `${issued}.${nonce}.${bits}`;
  if (!sameSecret(signature, keyedDigest(key, LABEL, payload))) return null;
  const issuedAt = Number.parseInt(issued, 36);
  const workBits = Number(bits);
  if (!Number.isSafeInteger(issuedAt) || !Number.isInteger(workBits)) return null;
  return { issuedAt, nonce, workBits };
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
