/** @module Member password rules; hashing is the owner's argon2id (password.ts). */
import type { CheckClaim, PasswordCheckGate } from "../platform/limits/password-check-gate.ts";
import { PASSWORD_MAX_LENGTH, verifyPassword } from "./password.ts";

export { hashPassword, verifyPassword } from "./password.ts";

/** The reason a new member password is refused, or null when it is acceptable. */
export function memberPasswordProblem(password: unknown, minLength: number): string | null {
  if (typeof password !== "string" || password.length === 0) return "must not be empty";
  const length = [...password].length;
  if (length < minLength) return `must be at least ${minLength} characters`;
  if (length > PASSWORD_MAX_LENGTH) return `must be at most ${PASSWORD_MAX_LENGTH} characters`;
  return null;
}

/** What a password guess is cut to before verification (bounds the hashing work). */
export function boundedGuess(password: unknown): string {
  return typeof password === "string" ? password.slice(0, PASSWORD_MAX_LENGTH * 4) : "";
}

/**
 * Checks a password guess in its turn at the process's password-check capacity, and tells the
 * gate how it went (platform/limits/password-check-gate.ts): the one place members' and the
 * staff's sign-ins spend argon2.
 */
export async function checkThroughGate(
  gate: PasswordCheckGate,
  claim: CheckClaim,
  storedHash: string | null,
  guess: unknown,
): Promise<boolean> {
  const release = await gate.enter(claim);
  let valid: boolean;
  try {
    valid = await verifyPassword(storedHash, boundedGuess(guess));
  } finally {
    release();
  }
  if (valid) gate.succeeded(claim);
  else gate.failed(claim);
  return valid;
}
