export type MemberStatus = "PENDING" | "ACTIVE" | "BLOCKED";

/** Why a member is PENDING. */
export type PendingReason =
  | "PENDING_EMAIL_VERIFICATION_REQUIRED"
  | "PENDING_ADMIN_APPROVAL_REQUIRED";

/** A member as the store shows them to the owner (never a hash or a secret). */
export type MemberSummary = {
  id: string;
  email: string;
  status: MemberStatus;
  reasons: PendingReason[];
  emailVerified: boolean;
  twoFactor: boolean;
  /** Has chosen a password (an activation e-mail is only for those who have not). */
  hasPassword: boolean;
  createdDate: string;
  lastSignInDate: string | null;
};
