/**
 * @module The editor's own session and account as the owner's routes under `/admin/api` answer
 * them: who is signed in (the owner or a collaborator), the second-factor step of a sign-in,
 * enrolling an authenticator app, and the owner's collaborators. Times are ISO-8601 strings.
 */

/** Who may use the editor: the owner, or a collaborator who edits content only. */
export type StaffRole = "owner" | "editor";

/** Signed in: the session's CSRF token (sent back on every write) and its limits. */
export type SignedInState = {
  signedIn: true;
  csrfToken: string;
  expiresAt: string;
  idleTimeoutSeconds: number;
  role: StaffRole;
  /** "owner" until the owner sets an address for mailed resets. */
  email: string;
  /** `GET /session` only: whether the second factor is on. */
  twoFactor?: boolean;
  /** `GET /session` only: whether the store was started with PUBLIC_URL. */
  publicUrlSet?: boolean;
};

/** Signed out; `passwordSet` false until the owner chose a password through the setup link. */
export type SignedOutState = { signedIn: false; passwordSet: boolean };

/** `GET /session`, a finished sign-in, setup, and sign-out. */
export type SessionState = SignedInState | SignedOutState;

/** A right password with the second factor on: the code comes next, for this step. */
export type SecondFactorStep = { signedIn: false; secondFactorRequired: true; stateToken: string };

/** `POST /account/second-factor/start`: the secret to enter into an authenticator app. */
export type TotpEnrolment = {
  enrolmentToken: string;
  manualKey: string;
  otpauthUri: string;
  qrSvg: string;
};

/** `POST /account/second-factor/confirm`: shown once. */
export type RecoveryCodes = { recoveryCodes: string[] };

/** A collaborator of the owner (role editor: content only). */
export type Collaborator = {
  id: string;
  email: string;
  /** INVITED until they chose a password through the invitation. */
  status: "INVITED" | "ACTIVE";
  twoFactor: boolean;
  lastSignInDate: string | null;
};

/** `GET /collaborators`. */
export type Collaborators = { collaborators: Collaborator[] };
