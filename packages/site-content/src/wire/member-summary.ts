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

/** The owner's settings for members. */
export type MemberSettings = { requireApproval: boolean };

/** `GET /admin/api/members`: the members (or those found) and the settings. */
export type MembersPage = { members: MemberSummary[]; settings: MemberSettings };

/** `PUT /admin/api/member-settings`: the settings now. */
export type MemberSettingsChanged = { settings: MemberSettings };

/** `GET /members/api/me`: who the member's token names, for the client area's greeting. */
export type MemberMe = {
  email: string;
  /** The first name given at sign-up, trimmed; "" when none. */
  firstName: string;
};
