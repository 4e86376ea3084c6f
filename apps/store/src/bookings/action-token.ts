/**
 * @module The visitor's manage link: an action token that names one booking and carries an HMAC
 * of its id and its salt under the store's signing key, so the store keeps no token and the owner
 * can hand out the same link again (docs/protocol.md §14.1, `getAnonymousActionToken`). A new
 * salt would void every token of the booking.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

const TOKEN = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/;

function mac(key: Uint8Array, bookingId: string, salt: string): string {
  return createHmac("sha256", key)
    .update(`booking-action\0${bookingId}\0${salt}`)
    .digest("base64url");
}

export function signActionToken(key: Uint8Array, bookingId: string, salt: string): string {
  return `${bookingId}.${mac(key, bookingId, salt)}`;
}

/** The booking id a token names, before its signature is checked; null when it is no token. */
export function bookingIdOfToken(token: string): string | null {
  return TOKEN.exec(token)?.[1] ?? null;
}

/** Whether `token` was signed for `bookingId` with `salt`. */
export function verifyActionToken(
  key: Uint8Array,
  token: string,
  bookingId: string,
  salt: string,
): boolean {
  const match = TOKEN.exec(token);
  if (match === null || match[1] !== bookingId) return false;
  const expected = Buffer.from(mac(key, bookingId, salt));
  const given = Buffer.from(match[2] as string);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
