/**
 * @module The security pages as the store answers them: the signed-in person's live
 * sessions and sign-in history (the editor's under `/admin/api/account`, a member's under
 * `/_api/account/v1`, the same shapes), and the owner's audit log. Times are ISO-8601 strings.
 */

/** A live sign-in of the account (a token session started from it is folded into it). */
export type AccountSession = {
  id: string;
  /** "Chrome 131 on Linux (desktop)", or "Unknown device". */
  device: string;
  address: string | null;
  startedAt: string;
  lastUsedAt: string;
  /** The session making this call (or the page sign-in it came from). */
  current: boolean;
};

/** `GET …/sessions`. */
export type AccountSessions = { sessions: AccountSession[] };

export type SignInOutcome = "success" | "failure";

/** A sign-in or a failed attempt, newest first, of the last 90 days. */
export type SignInEntry = {
  at: string;
  outcome: SignInOutcome;
  /** "password", "totp", "recovery-code", "passkey", … */
  method: string;
  address: string | null;
  userAgent: string | null;
};

/** `GET …/sign-ins`. */
export type AccountSignIns = { signIns: SignInEntry[] };

const SIGN_IN_METHOD_WORDS: Readonly<Record<string, string>> = {
  password: "password",
  totp: "authenticator code",
  "recovery-code": "recovery code",
  passkey: "passkey",
  "setup-link": "setup link",
};

/** How a sign-in's method reads in "Recent sign-ins", on the members' pages and in the editor. */
export function signInMethodWords(method: string): string {
  return SIGN_IN_METHOD_WORDS[method] ?? method.replaceAll("-", " ");
}

/** One entry of the owner's audit log: who changed what, when and from where. */
export type AuditEntry = {
  seq: number;
  at: string;
  /** The actor's e-mail for staff, else their kind ("api-key", "a member", "command"). */
  actor: string;
  action: string;
  target: string | null;
  /** The entry as one plain sentence ("You shared report.pdf with Jo Client."). */
  sentence: string;
  address: string | null;
};

/** `GET /admin/api/audit`: a page, newest first; `next` asks for the one after (`?before=`). */
export type AuditPage = { entries: AuditEntry[]; next: number | null };

/** A passkey of the signed-in person (the editor's or a member's own), as listed. */
export type Passkey = {
  /** The credential's id. */
  id: string;
  name: string;
  createdDate: string;
  lastUsedDate: string | null;
};

/** `GET …/passkeys`. */
export type Passkeys = { passkeys: Passkey[] };

/** A passkey just added or renamed. */
export type PasskeyChanged = { passkey: Passkey };
