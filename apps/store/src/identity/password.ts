/**
 * @module The owner password: argon2id hashes (OWASP parameters: 19 MiB, 2 passes) and the
 * length rules. Passwords are never stored or logged, only their hashes. Test runs may hash at
 * argon2's least cost (PASSWORD_HASH_COST=test, honoured only under NODE_ENV=test).
 */
import { loadOnFirstUse } from "../platform/load-on-first-use.ts";
import { randomToken } from "../platform/secrets/secrets.ts";

/** The argon2 addon, loaded with the first password hashed or checked, not at start. */
const argon2 = loadOnFirstUse(() => import("@node-rs/argon2"));

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;

// The package's default algorithm is argon2id; its Algorithm const enum cannot be imported
// under isolatedModules, so the parameters are spelled out and the algorithm left default.
export const PASSWORD_HASH_COSTS = {
  /** OWASP's argon2id: 19 MiB, 2 passes. Always the default. */
  production: { memoryCost: 19_456, timeCost: 2, parallelism: 1 },
  /** The least argon2 accepts (8 KiB, 1 pass): test runs only, where thousands of hashes are made. */
  test: { memoryCost: 8, timeCost: 1, parallelism: 1 },
} as const;

export type PasswordHashCost = keyof typeof PASSWORD_HASH_COSTS;

/**
 * PASSWORD_HASH_COST: `production` (the default, also when unset) or `test`. `test` is honoured
 * only when NODE_ENV is `test` (Vitest sets it): anywhere else it is ignored, the hashes take the
 * production cost, and the store says so when it starts (passwordHashCostWarning). A hash keeps
 * its parameters, so a password hashed at either cost verifies under both.
 */
export function readPasswordHashCost(env: NodeJS.ProcessEnv): PasswordHashCost {
  return env.PASSWORD_HASH_COST?.trim() === "test" && env.NODE_ENV === "test"
    ? "test"
    : "production";
}

/** What the store prints when it starts with a PASSWORD_HASH_COST it does not honour; else null. */
export function passwordHashCostWarning(env: NodeJS.ProcessEnv): string | null {
  const text = env.PASSWORD_HASH_COST?.trim() ?? "";
  if (text === "" || text === "production") return null;
  if (text === "test" && env.NODE_ENV === "test") return null;
  return text === "test"
    ? `PASSWORD_HASH_COST=test is for test runs only (NODE_ENV=test, here ${env.NODE_ENV ?? "unset"}): ignored, passwords are hashed at the production cost`
    : `PASSWORD_HASH_COST must be production or test, got "${text}": ignored, passwords are hashed at the production cost`;
}

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

/** Hashes at the process's cost (PASSWORD_HASH_COST, read on each call), or the one named. */
export function hashPassword(
  password: string,
  cost: PasswordHashCost = readPasswordHashCost(process.env),
): Promise<string> {
  return argon2().then(({ hash }) => hash(password, PASSWORD_HASH_COSTS[cost]));
}

/** One throwaway hash per cost, so a check without a stored hash costs what a real one does. */
const dummyHashes: Partial<Record<PasswordHashCost, Promise<string>>> = {};

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
    const { verify } = await argon2();
    if (stored !== null) return await verify(stored, password);
    const cost = readPasswordHashCost(process.env);
    dummyHashes[cost] ??= hashPassword(randomToken(), cost);
    await verify(await dummyHashes[cost], password);
    return false;
  } catch (error) {
    log.error({ err: error }, "password verification failed; is the stored hash damaged?");
    return false;
  }
}
