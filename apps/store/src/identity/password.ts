/**
 * @module The owner password: argon2id hashes (OWASP parameters: 19 MiB, 2 passes) and the
 * length rules. Passwords are never stored or logged, only their hashes.
 */
import { hash, verify } from "@node-rs/argon2";
import { randomToken } from "../platform/secrets/secrets.ts";

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;

// The package's default algorithm is argon2id; its Algorithm const enum cannot be imported
// under isolatedModules, so the parameters are spelled out and the algorithm left default.
const HASH_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** The reason a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: unknown): string | null {
  if (typeof password !== "string" || password.length === 0) return "Enter a password";
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) {
    return `Use at least ${PASSWORD_MIN_LENGTH} characters`;
  }
  if (length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters`;
  return null;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, HASH_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/** Where a failed verification is reported (a Fastify request's logger fits). */
export type ErrorLog = { error: (details: object, message: string) => void };

const consoleLog: ErrorLog = { error: (details, message) => console.error(message, details) };

/**
 * Checks a password against the stored hash. Without a stored hash it still runs one
 * verification against a throwaway hash, so the answer takes as long either way. A hash argon2
 * cannot read (a damaged database) counts as a wrong password and is logged: nobody could sign in.
 */
export async function verifyPassword(
  stored: string | null,
  password: string,
  log: ErrorLog = consoleLog,
): Promise<boolean> {
  try {
    if (stored !== null) return await verify(stored, password);
    dummyHash ??= hashPassword(randomToken());
    await verify(await dummyHash, password);
    return false;
  } catch (error) {
    log.error({ err: error }, "password verification failed; is the stored hash damaged?");
    return false;
  }
}
