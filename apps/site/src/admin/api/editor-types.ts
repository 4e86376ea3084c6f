/**
 * @module The shapes the owner's routes under `/admin/api` answer with, as the editor reads them:
 * the wire's (`@consultant/site-content/wire`, written once with the store), and the editor's own.
 */
export type {
  AccountSession,
  AuditEntry,
  AuditPage,
  Collaborator,
  ContactMessage,
  MemberSettings,
  MembersPage,
  MessageStatus,
  Passkey,
  SecondFactorStep,
  SessionState,
  SignInEntry,
  StaffRole,
  TotpEnrolment,
} from "@consultant/site-content/wire";

/** Where an uploaded picture goes (the store's slots). */
export type PictureSlot = "portrait" | "logo" | "logo-dark" | "client-logo";

/** What the owner can do to one member besides deleting them. */
export type MemberAction = "approve" | "block" | "unblock" | "activation-email";

/** Options for the browser's WebAuthn call, and the id of the challenge they carry. */
export type PasskeyChallenge = { challengeId: string; options: never };
