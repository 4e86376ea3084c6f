/**
 * @module The identity wing: members and staff identities, passwords, sessions, tokens and grants, second factors and passkeys, the members' pages and REST routes, and the security log.
 * The other wings import this wing through this face only.
 */
export { mailMemberApproved, wasLetIn } from "./approval-mails.ts";
export { registerAuditHook } from "./audit/audit-hook.ts";
export type { AuditLog } from "./audit/audit-log.ts";
export { createAuditLog } from "./audit/audit-log.ts";
export { readCaptchaVerifier } from "./captcha.ts";
export {
  EDITOR_KNOWN_DEVICE_COOKIE,
  readDeviceCookie,
  rememberKnownDevice,
} from "./device-trust.ts";
export {
  confirmFactorChange,
  isRecentSignIn,
  startFactorChange,
  turnFactorOff,
} from "./factor-change.ts";
export { readIdentityConfig } from "./identity-config.ts";
export type { IdentityContext } from "./identity-context.ts";
export { deliver, normaliseEmail, throttle } from "./identity-context.ts";
export type { IdentityOptions } from "./identity-service.ts";
export { createIdentityContext } from "./identity-service.ts";
export { invitedMemberIdentity } from "./invited-member.ts";
export { admitDigest } from "./mail-gate.ts";
export type { MemberAction } from "./member-admin.ts";
export { applyMemberAction, listMembers, MEMBER_ACTIONS, summariseMember } from "./member-admin.ts";
export type { MemberBookings, MemberData } from "./member-data.ts";
export { createMemberData } from "./member-data.ts";
export { MEMBER_NAME_MAX, memberName } from "./member-name.ts";
export type { OwnerAccess } from "./owner-access.ts";
export { requireOwner, requireOwnerRole, resolveOwner } from "./owner-access.ts";
export { ownerNoticeAddress } from "./owner-address.ts";
export type { OwnerSessions } from "./owner-sessions.ts";
export { createOwnerSessions } from "./owner-sessions.ts";
export type { PageMember } from "./page-sessions.ts";
export { isPageCsrf, pageCsrf, pageMember } from "./page-sessions.ts";
export { memberPages } from "./pages/index.ts";
export { browserMember, fieldOf, sendPage } from "./pages/page-helpers.ts";
export { messagePage } from "./pages/views.ts";
export {
  finishRegistration,
  readPasskeyName,
  relyingPartyFor,
  startRegistration,
  toWirePasskey,
} from "./passkey-ceremony.ts";
export { passkeyOptions } from "./passkey-sign-in.ts";
export {
  hashPassword,
  PASSWORD_MIN_LENGTH,
  passwordHashCostWarning,
  passwordProblem,
} from "./password.ts";
export { boundedGuess, verifyPassword } from "./passwords.ts";
export { sendActivationEmail } from "./recovery.ts";
export { accountSecurityRoutes } from "./routes/account-security-routes.ts";
export { identityRoutes } from "./routes/identity-routes.ts";
export { memberMeRoute } from "./routes/member-me.ts";
export { oauthRoutes } from "./routes/oauth.ts";
export { passkeyRoutes } from "./routes/passkey-routes.ts";
export { redirectSessionRoutes } from "./routes/redirect-session-routes.ts";
export { endOtherSessions, endOwnSession, listSessions } from "./session-list.ts";
export { createSessions } from "./sessions.ts";
export { createSignInHistory } from "./sign-in-history.ts";
export { inviteCollaborator, resetStaffPassword, sendStaffResetEmail } from "./staff-recovery.ts";
export type { StaffOutcome } from "./staff-sign-in.ts";
export {
  staffPasskeyFactor,
  staffPasskeySignIn,
  staffPasswordSignIn,
  staffSecondFactor,
} from "./staff-sign-in.ts";
export type { IdentityRow, IdentityStore } from "./storage/identity-store.ts";
export { createIdentityStore } from "./storage/identity-store.ts";
export type { PasskeyRow } from "./storage/passkeys-store.ts";
export { createSecurityStore } from "./storage/security-store.ts";
export type { TokenSubject } from "./tokens.ts";
export { createTokenService } from "./tokens.ts";
