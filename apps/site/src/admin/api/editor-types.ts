/**
 * @module The shapes the owner's routes under `/admin/api` answer with, as the editor reads them.
 */
import type { MemberSummary } from "@consultant/site-content/wire";

/** Who is signed in: the owner, or a collaborator who edits content only. */
export type StaffRole = "owner" | "editor";

export type SessionState =
  | {
      signedIn: true;
      csrfToken: string;
      expiresAt: string;
      idleTimeoutSeconds: number;
      role: StaffRole;
      /** "owner" until the owner sets an address for mailed resets. */
      email: string;
      twoFactor?: boolean;
      /** For the owner: whether the store was started with PUBLIC_URL. */
      publicUrlSet?: boolean;
    }
  | { signedIn: false; passwordSet: boolean };

/** A right password with the second factor on: the code comes next, for this step. */
export type SecondFactorStep = { signedIn: false; secondFactorRequired: true; stateToken: string };

export type TotpEnrolment = { enrolmentToken: string; manualKey: string; qrSvg: string };

export type Collaborator = {
  id: string;
  email: string;
  status: "INVITED" | "ACTIVE";
  twoFactor: boolean;
  lastSignInDate: string | null;
};

export type MemberSettings = { requireApproval: boolean };

/** The security page: a session, a sign-in, an audit entry. */
export type StaffSession = {
  id: string;
  device: string;
  address: string | null;
  lastUsedAt: string;
  current: boolean;
};
export type SignInEntry = {
  at: string;
  outcome: "success" | "failure";
  method: string;
  address: string | null;
};
export type AuditEntry = {
  seq: number;
  at: string;
  actor: string;
  action: string;
  target: string | null;
  address: string | null;
};
export type AuditPage = { entries: AuditEntry[]; next: number | null };

/** Where an uploaded picture goes (the store's slots). */
export type PictureSlot = "portrait" | "logo" | "client-logo";

/** A message sent through the page's contact form. */
export type ContactMessage = {
  id: string;
  name: string;
  email: string;
  message: string;
  status: MessageStatus;
  createdAt: number;
};
export type MessageStatus = "new" | "read" | "archived";

export type MembersPage = { members: MemberSummary[]; settings: MemberSettings };

/** What the owner can do to one member besides deleting them. */
export type MemberAction = "approve" | "block" | "unblock" | "activation-email";

/** A passkey of the signed-in editor. */
export type Passkey = {
  id: string;
  name: string;
  createdDate: string;
  lastUsedDate: string | null;
};
/** Options for the browser's WebAuthn call, and the id of the challenge they carry. */
export type PasskeyChallenge = { challengeId: string; options: never };
