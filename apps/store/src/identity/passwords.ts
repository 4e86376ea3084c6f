/** @module Member password rules; hashing is the owner's argon2id (password.ts). */
import { PASSWORD_MAX_LENGTH } from "./password.ts";

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
