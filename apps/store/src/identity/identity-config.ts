/** @module Members' settings: defaults, and the environment variables that set them. */

export type IdentityConfig = {
  /**
   * The store's public origin (`PUBLIC_URL`), used in mailed links and as "same origin". Unset,
   * only a developer on the store's machine gets links (identity/request-origin.ts).
   */
  publicUrl: string | null;
  /** Redirect URIs allowed beside the store's own origin: exact URIs, or origins ending in `/*`. */
  allowedRedirectUris: string[];
  /** New members confirm their e-mail with a mailed code before they can sign in. */
  requireEmailVerification: boolean;
  /**
   * New members wait for the owner's approval: the default of the first start only; the owner
   * changes it in /admin (Members) and the stored setting holds from then on.
   */
  requireApproval: boolean;
  /** Minimum member password length. */
  passwordMinLength: number;
  /**
   * Password guesses per e-mail, and per client address (MEMBER_SIGN_IN_MAX_PER_ADDRESS), within
   * `limitWindowMs`.
   */
  loginMaxPerEmail: number;
  loginMaxPerAddress: number;
  /** Registrations, recovery e-mails and verification attempts per address in the window. */
  registerMaxPerAddress: number;
  recoveryMaxPerEmail: number;
  recoveryMaxPerAddress: number;
  verifyMaxPerAddress: number;
  /** Member mails per recipient, and mails caused per client address, in the window. */
  mailMaxPerRecipient: number;
  mailMaxPerAddress: number;
  /** The least time between two mails to one recipient (resend, recovery, activation). */
  mailCooldownMs: number;
  /** Wrong second-factor codes per account in the window, from all addresses together. */
  factorMaxPerAccount: number;
  /** Redirect sessions per address in the window (each is a row until it expires). */
  redirectMaxPerAddress: number;
  limitWindowMs: number;
  /**
   * A breached-password range service (HIBP-compatible: `GET <url>/range/<5 hex>`), or null
   * for none: then only the bundled list of common passwords is checked.
   */
  breachedPasswordsUrl: string | null;
};

export const DEFAULT_IDENTITY_CONFIG: IdentityConfig = {
  publicUrl: null,
  allowedRedirectUris: [],
  requireEmailVerification: true,
  requireApproval: false,
  passwordMinLength: 8,
  loginMaxPerEmail: 10,
  loginMaxPerAddress: 30,
  registerMaxPerAddress: 10,
  recoveryMaxPerEmail: 3,
  recoveryMaxPerAddress: 10,
  verifyMaxPerAddress: 30,
  mailMaxPerRecipient: 5,
  mailMaxPerAddress: 20,
  mailCooldownMs: 60_000,
  factorMaxPerAccount: 10,
  redirectMaxPerAddress: 300,
  limitWindowMs: 15 * 60_000,
  breachedPasswordsUrl: null,
};

/** Lifetimes of one-time tokens, in ms. */
export const TTL = {
  /** Authorization codes: exchanged right after the redirect. */
  authCode: 2 * 60_000,
  /** Session tokens from register/login/sign-on, turned into tokens right away. */
  session: 10 * 60_000,
  /** E-mail verification and second-factor steps. */
  state: 15 * 60_000,
  recovery: 60 * 60_000,
  redirect: 30 * 60_000,
  /** The member's sign-in on the store's own pages (cookie). */
  browser: 14 * 24 * 3_600_000,
  /** "Remember this device" skips the second factor this long. */
  device: 30 * 24 * 3_600_000,
  totpEnrolment: 15 * 60_000,
} as const;

/** Wrong codes tolerated per verification or second-factor step before it is void. */
export const MAX_CODE_ATTEMPTS = 5;

function readFlag(value: string | undefined, name: string, fallback: boolean): boolean {
  const text = value?.trim().toLowerCase() ?? "";
  if (text === "") return fallback;
  if (text === "true" || text === "on" || text === "1") return true;
  if (text === "false" || text === "off" || text === "0") return false;
  throw new Error(`${name} must be true or false, got "${value}"`);
}

/** A whole number of at least 1, or undefined when unset (the default holds). */
function readCount(value: string | undefined, name: string): number | undefined {
  const text = value?.trim() ?? "";
  if (text === "") return undefined;
  if (!/^\d+$/.test(text) || Number(text) < 1 || !Number.isSafeInteger(Number(text))) {
    throw new Error(`${name} must be a whole number of at least 1, got "${value}"`);
  }
  return Number(text);
}

/**
 * PUBLIC_URL, ALLOWED_REDIRECT_URIS (comma-separated), MEMBER_EMAIL_VERIFICATION, MEMBER_APPROVAL,
 * BREACHED_PASSWORDS_URL, MEMBER_SIGN_IN_MAX_PER_ADDRESS.
 * @throws Error with a one-line message when a value is invalid.
 */
export function readIdentityConfig(env: NodeJS.ProcessEnv): Partial<IdentityConfig> {
  const uris = (env.ALLOWED_REDIRECT_URIS ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  for (const uri of uris) {
    let url: URL | null = null;
    try {
      url = new URL(uri.endsWith("/*") ? uri.slice(0, -1) : uri);
    } catch {}
    if (url === null || (url.protocol !== "https:" && url.protocol !== "http:") || url.hash) {
      throw new Error(`ALLOWED_REDIRECT_URIS entries must be http(s) URLs, got "${uri}"`);
    }
  }
  const publicUrl = env.PUBLIC_URL?.trim() || null;
  if (publicUrl !== null) {
    let url: URL | null = null;
    try {
      url = new URL(publicUrl);
    } catch {}
    if (url === null || (url.protocol !== "https:" && url.protocol !== "http:")) {
      throw new Error(`PUBLIC_URL must be an http(s) URL, got "${publicUrl}"`);
    }
  }
  const breachedPasswordsUrl = env.BREACHED_PASSWORDS_URL?.trim().replace(/\/+$/, "") || null;
  if (breachedPasswordsUrl !== null && !/^https?:\/\/[^\s]+$/.test(breachedPasswordsUrl)) {
    throw new Error(`BREACHED_PASSWORDS_URL must be an http(s) URL, got "${breachedPasswordsUrl}"`);
  }
  const loginMaxPerAddress = readCount(
    env.MEMBER_SIGN_IN_MAX_PER_ADDRESS,
    "MEMBER_SIGN_IN_MAX_PER_ADDRESS",
  );
  return {
    ...(loginMaxPerAddress === undefined ? {} : { loginMaxPerAddress }),
    breachedPasswordsUrl,
    publicUrl: publicUrl === null ? null : new URL(publicUrl).origin,
    allowedRedirectUris: uris,
    requireEmailVerification: readFlag(
      env.MEMBER_EMAIL_VERIFICATION,
      "MEMBER_EMAIL_VERIFICATION",
      true,
    ),
    requireApproval: readFlag(env.MEMBER_APPROVAL, "MEMBER_APPROVAL", false),
  };
}
