/** @module The owner editor's settings, read from the environment with safe defaults. */

export type OwnerConfig = {
  /** Versions kept per item (HISTORY_KEEP). */
  historyKeep: number;
  /** A session ends after this long without a request (OWNER_SESSION_IDLE_MINUTES). */
  sessionIdleMs: number;
  /** A session ends this long after sign-in, active or not. */
  sessionMaxAgeMs: number;
  /** How long a printed setup link works (OWNER_SETUP_LINK_MINUTES). */
  setupTokenTtlMs: number;
  /** Failed sign-ins allowed per IP within the window before sign-in is refused. */
  signInMaxFailures: number;
  signInWindowMs: number;
};

const MINUTE_MS = 60_000;

export const DEFAULT_OWNER_CONFIG: OwnerConfig = {
  historyKeep: 200,
  sessionIdleMs: 30 * MINUTE_MS,
  sessionMaxAgeMs: 12 * 60 * MINUTE_MS,
  setupTokenTtlMs: 60 * MINUTE_MS,
  signInMaxFailures: 5,
  signInWindowMs: 15 * MINUTE_MS,
};

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name]?.trim();
  if (!text) return fallback;
  if (!/^\d+$/.test(text) || Number(text) < 1) {
    throw new Error(`${name} must be a whole number of at least 1, got "${env[name]}"`);
  }
  return Number(text);
}

/**
 * Reads HISTORY_KEEP, OWNER_SESSION_IDLE_MINUTES and OWNER_SETUP_LINK_MINUTES.
 * @throws Error with a one-line message when a value is invalid.
 */
export function readOwnerConfig(env: NodeJS.ProcessEnv): OwnerConfig {
  const defaults = DEFAULT_OWNER_CONFIG;
  return {
    ...defaults,
    historyKeep: positiveInteger(env, "HISTORY_KEEP", defaults.historyKeep),
    sessionIdleMs:
      positiveInteger(env, "OWNER_SESSION_IDLE_MINUTES", defaults.sessionIdleMs / MINUTE_MS) *
      MINUTE_MS,
    setupTokenTtlMs:
      positiveInteger(env, "OWNER_SETUP_LINK_MINUTES", defaults.setupTokenTtlMs / MINUTE_MS) *
      MINUTE_MS,
  };
}
