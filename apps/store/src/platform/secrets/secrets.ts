/** @module Random tokens, their at-rest hashes and constant-time comparison. */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** 256 random bits, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What the database keeps instead of a session id or setup token. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A keyed digest, for values derived from a secret (the CSRF token of a session). */
export function keyedDigest(key: Uint8Array, label: string, value: string): string {
  return createHmac("sha256", key).update(label).update("\0").update(value).digest("base64url");
}

export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
